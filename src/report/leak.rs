//! The view of `pkbench leak`: a record's rows (implementation × operation × caches) with
//! their measurements, mean times per class, largest |t| and verdict, as a [`Doc`] that
//! every format renders. A record's `subject` param says what was tested: `dh` (Offer and
//! Reply, a fixed secret against random ones; the default of records without it), `kem`
//! (Decaps, valid against modified ciphertexts) or `rsa` (the private operation, a fixed
//! message against random ones).

use crate::measure::leak::{self, Verdict};
use crate::record::{Operation, ResultRecord, figure, info, param};
use crate::report::doc::{Cell, Doc, Table, csv, markdown, terminal};

/// The verdict of a leak row, read from its record figures.
pub fn verdict(op: &Operation) -> Verdict {
    let n = op.info_u64(info::N_FIXED).unwrap_or(0) + op.info_u64(info::N_RANDOM).unwrap_or(0);
    Verdict::from_parts(op.figures.get(figure::MAX_ABS_T).copied(), n)
}

/// The row's implementation as the table names it: "gmp 6.2.1 (mpz_powm_sec)".
fn implementation(op: &Operation) -> String {
    op.implementation
        .as_ref()
        .map_or_else(|| "?".to_string(), |i| i.label())
}

/// The cells of one row: operation (and caches), each class's runs and mean time, the
/// verdict with the crop that gave the largest |t|.
fn row(op: &Operation) -> Vec<Cell> {
    let cache = op
        .param_str(param::CACHE)
        .map_or_else(String::new, |c| format!(", {c}"));
    let class = |n: &str, mean: &str| {
        let n = op.info_u64(n).unwrap_or(0);
        let m = op.figures.get(mean).copied().unwrap_or(f64::NAN);
        Cell::figure(
            format!("{}\n{}", leak::fmt_count(n), crate::report::fmt_time_ms(m)),
            m * 1e-3,
            "s",
        )
    };
    let call = op
        .param_str(param::CALL)
        .filter(|c| !implementation(op).contains(c))
        .map_or_else(String::new, |c| format!(", {c}"));
    let v = verdict(op);
    let crop = match op.info_f64(info::MAX_CROP) {
        Some(p) => format!("the {:.1} % crop", p * 100.0),
        None => "the uncropped test".to_string(),
    };
    let vcell = match (v, op.figures.get(figure::MAX_ABS_T)) {
        (Verdict::Depends { .. }, Some(&t)) => {
            Cell::figure(format!("{}, in {crop}", v.text()), t, "")
        }
        (_, Some(&t)) => Cell::figure(
            format!("{}; largest |t| {} ({crop})", v.text(), leak::fmt_t(t)),
            t,
            "",
        ),
        (_, None) => Cell::text(v.text()),
    };
    vec![
        Cell::text(format!("{}{call}{cache}", op.name)),
        class(info::N_FIXED, figure::MEAN_FIXED_MS),
        class(info::N_RANDOM, figure::MEAN_RANDOM_MS),
        vcell,
    ]
}

/// What a leak record tested: its `subject` param (`dh` when absent).
fn subject(rec: &ResultRecord) -> &str {
    rec.params
        .get("subject")
        .and_then(|v| v.as_str())
        .unwrap_or("dh")
}

/// A run-level param as text ("" when absent).
fn text(rec: &ResultRecord, k: &str) -> String {
    rec.params
        .get(k)
        .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
        .unwrap_or_default()
}

/// The title, the test's description and the two classes' names of `rec`.
fn framing(rec: &ResultRecord) -> (String, String, [String; 2]) {
    let group = text(rec, param::GROUP);
    match subject(rec) {
        "kem" => (
            format!(
                "pkbench leak: {group} Decaps: does the time depend on whether the ciphertext is valid?"
            ),
            format!(
                "valid ciphertexts (a pool of {} encapsulations to one key) against modified ones (a valid one with one random bit of its ML-KEM ciphertext flipped: implicit rejection), classes in random order, each run timed alone; every output checked: a valid ciphertext's against its Encaps secret, a modified one's against J(z ‖ c) computed with SHAKE256",
                text(rec, "pool")
            ),
            ["valid".into(), "modified".into()],
        ),
        "rsa" => (
            format!(
                "pkbench leak: RSA-{} private operation: does the time depend on the message?",
                text(rec, "bits")
            ),
            format!(
                "fixed message of Hamming weight 2 (2^{} + 1) against fresh random messages of {} bytes, classes in random order, each run timed alone; every result s checked with e (s^e mod n gives the message back)",
                rec.params
                    .get("chunk_bytes")
                    .and_then(|v| v.as_u64())
                    .map_or_else(|| "?".to_string(), |c| (8 * c - 1).to_string()),
                text(rec, "chunk_bytes")
            ),
            ["fixed".into(), "random".into()],
        ),
        _ => {
            let bits = rec
                .params
                .get(param::EXP_BITS)
                .and_then(|v| v.as_u64())
                .map_or_else(String::new, |b| format!(", {b}-bit secrets"));
            (
                format!("pkbench leak: {group}{bits}: does the time depend on the secret?"),
                format!(
                    "fixed secret {} (Hamming weight 2) against fresh random secrets of the same size, classes in random order, each run timed alone",
                    text(rec, "fixed_secret")
                ),
                ["fixed".into(), "random".into()],
            )
        }
    }
}

/// The document of a `leak` record.
pub fn doc(rec: &ResultRecord) -> Doc {
    let mut d = Doc::new();
    let (title, test, classes) = framing(rec);
    d.title(title);
    d.fact("test", test);
    let text = |k: &str| text(rec, k);
    d.fact("clock", rec.clock.clone());
    d.fact(
        "budget",
        format!(
            "{} s for the whole run, rows in turns; a row stops at |t| ≥ {} (with {} per class), or at --max-measurements {}; the time a stopped row leaves goes to the rows whose |t| is from {} to {} (undecided)",
            text("budget_s"),
            leak::T_STOP,
            leak::MIN_PER_CLASS,
            match text("max_measurements").as_str() {
                "" | "null" => "(none)".to_string(),
                m => m.to_string(),
            },
            leak::T_UNDECIDED,
            leak::T_CLEAR
        ),
    );
    // One heading and table per implementation (its label is too wide for a column).
    let mut current: Option<(String, Table)> = None;
    for op in &rec.operations {
        let who = implementation(op);
        if current.as_ref().is_none_or(|(w, _)| *w != who) {
            if let Some((w, t)) = current.take() {
                d.heading(w);
                d.table(t);
            }
            // Each implementation's table is named after it, so that its CSV rows say whose
            // they are.
            let t = Table::new(
                format!("leak: {who}"),
                &[
                    "operation",
                    &format!("{}\nruns, mean", classes[0]),
                    &format!("{}\nruns, mean", classes[1]),
                    "verdict",
                ],
            )
            .wrapping(3);
            current = Some((who, t));
        }
        let Some((_, t)) = current.as_mut() else {
            continue;
        };
        t.row(row(op));
    }
    if let Some((w, t)) = current {
        d.heading(w);
        d.table(t);
    }
    d.text(format!(
        "|t| is Welch's t of the two classes' mean times, the largest over the uncropped test and {} crops at percentiles of the pooled times (dudect: Reparaz, Balasch, Verbauwhede, DATE 2017), counting tests with at least {} measurements per class; the means are those of that test. Beyond {} the time depends on the input; \"no dependence found\" is what this many measurements could see, not a proof that there is none.",
        leak::CROPS,
        leak::MIN_PER_CLASS,
        leak::T_THRESHOLD
    ));
    for s in &rec.skipped {
        d.text(format!("not tested: {}: {}", s.item, s.reason));
    }
    d
}

/// The terminal text of a `leak` record.
pub fn render_text(rec: &ResultRecord) -> String {
    terminal::render(&doc(rec))
}

/// The Markdown of a `leak` record.
pub fn render_markdown(rec: &ResultRecord) -> String {
    markdown::render(&doc(rec))
}

/// The CSV of a `leak` record (its document's tables and facts, [`csv::render`]).
pub fn render_csv(rec: &ResultRecord) -> String {
    csv::render(&doc(rec))
}

/// `pkbench report`'s page of one `leak` record.
pub fn render_html(rec: &ResultRecord) -> String {
    crate::report::html::render_page(&[("leak".to_string(), rec.clone())]).unwrap_or_default()
}
