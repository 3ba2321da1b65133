use super::*;
use crate::record::ResultRecord;
use grid::page_tables as tables;

const DH: &str = include_str!("../../../tests/data/records/v1-dh-x25519-a.json");
const SUITE: &str = include_str!("../../../tests/data/records/v1-suite-quick.json");

fn read(name: &str, text: &str) -> (String, ResultRecord) {
    (
        name.to_string(),
        ResultRecord::from_json(name, text).unwrap(),
    )
}

#[test]
fn escapes_every_special_character() {
    assert_eq!(
        escape(r#"<b a="1">Tom & 'Jerry'</b>"#),
        "&lt;b a=&quot;1&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/b&gt;"
    );
    assert_eq!(escape("µs … ×"), "µs … ×");
}

#[test]
fn one_record_gives_its_tables_cell_by_cell() {
    let rec = read("dh.json", DH);
    let page = render_page(std::slice::from_ref(&rec)).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("1 record from 1 machine"), "{page}");
    // The dh table: Offer's median as the terminal prints it.
    let offer = rec.1.operation("Offer").unwrap();
    let median = report::fmt_time_ms(offer.stats.as_ref().unwrap().median_ms);
    let cmd = tables(&page, "command");
    assert!(!cmd.is_empty(), "{page}");
    assert!(
        cmd.iter()
            .flatten()
            .any(|row| row.iter().any(|c| c.starts_with("Offer"))
                && row.iter().any(|c| c.contains(&median))),
        "no Offer row with {median}: {cmd:?}"
    );
    // No machine-by-machine table for one machine; the machines table has one column.
    assert!(!page.contains("class=\"by-machine\""));
    let m = &tables(&page, "machines")[0];
    assert_eq!(m[0].len(), 2, "{m:?}");
    assert!(
        m.iter()
            .any(|r| r[0] == "CPU" && r[1] == rec.1.machine.cpu_model)
    );
    // Self-contained: no URL but the SVG namespace, no script.
    assert_eq!(outside_links(&page), Vec::<String>::new());
    assert!(!page.contains("<script"));
}

/// Every "http://" or "https://" of `page` that is not the SVG namespace.
fn outside_links(page: &str) -> Vec<String> {
    let mut out = Vec::new();
    for scheme in ["http://", "https://"] {
        for (i, _) in page.match_indices(scheme) {
            let rest: String = page[i..].chars().take(60).collect();
            if !rest.starts_with("http://www.w3.org/2000/svg\"") {
                out.push(rest);
            }
        }
    }
    out
}

#[test]
fn three_machines_get_a_column_each() {
    let base = read("a.json", DH).1;
    let mut recs = Vec::new();
    for (i, host) in ["alpha", "<beta & co>", "gamma"].iter().enumerate() {
        let mut r = base.clone();
        r.machine.hostname = host.to_string();
        r.machine.cpu_model = format!("Test CPU {i}");
        // The third machine is twice as fast.
        if i == 2 {
            for op in &mut r.operations {
                if let Some(st) = &mut op.stats {
                    st.median_ms /= 2.0;
                }
            }
        }
        recs.push((format!("m{i}.json"), r));
    }
    let page = render_page(&recs).unwrap();
    assert!(page.contains("3 records from 3 machines"), "{page}");
    assert!(page.contains("&lt;beta &amp; co&gt;"));
    assert!(!page.contains("<beta"));
    let by = &tables(&page, "by-machine")[0];
    assert_eq!(
        by[0].len(),
        5,
        "item, operation and 3 machines: {:?}",
        by[0]
    );
    assert_eq!(by[0][3], "<beta & co>\nTest CPU 1");
    let offer = by.iter().find(|r| r[1] == "Offer").unwrap();
    let median = base
        .operation("Offer")
        .unwrap()
        .stats
        .as_ref()
        .unwrap()
        .median_ms;
    assert_eq!(offer[2], report::fmt_time_ms(median));
    assert_eq!(
        offer[3],
        format!("{}\n(1.00x)", report::fmt_time_ms(median))
    );
    assert_eq!(
        offer[4],
        format!("{}\n(2.00x)", report::fmt_time_ms(median / 2.0))
    );
    assert_eq!(tables(&page, "machines")[0][0].len(), 4);
    assert_eq!(page.matches("<section class=\"record\"").count(), 3);
}

#[test]
fn a_suite_record_keeps_every_operation_row() {
    let rec = read("suite.json", SUITE);
    let page = render_page(std::slice::from_ref(&rec)).unwrap();
    let rows: usize = tables(&page, "command").iter().map(|t| t.len() - 1).sum();
    // One row per operation, plus one heading row per item.
    assert!(rows > rec.1.operations.len(), "{rows} rows");
    assert_eq!(outside_links(&page), Vec::<String>::new());
}

#[test]
fn no_record_is_an_input_error() {
    let e = render_page(&[]).unwrap_err();
    assert_eq!(e.exit_code(), 2);
}

#[test]
fn runs_of_one_machine_are_side_by_side_with_their_ratio() {
    let a = read("a.json", SUITE);
    let mut b = a.clone();
    b.0 = "b.json".into();
    // The second run twice as fast in every timed operation.
    for op in &mut b.1.operations {
        if let Some(st) = &mut op.stats {
            st.median_ms /= 2.0;
            st.q1_ms /= 2.0;
            st.q3_ms /= 2.0;
        }
    }
    let page = render_page(&[a.clone(), b]).unwrap();
    assert!(
        page.contains("<h2 id=\"runs-1\">Runs side by side on "),
        "{page}"
    );
    // One table per command (the saved suite predates the KEMs: compare's own tests check
    // that their table is apart).
    for name in ["runs.dh", "runs.cipher", "runs.repro"] {
        assert!(page.contains(&format!("data-table=\"{name}\"")), "{name}");
    }
    let dh_at = page.find("data-table=\"runs.dh\"").unwrap();
    let dh = &tables(&page[dh_at - 40..], "command")[0];
    assert_eq!(dh[0], ["operation", "[1]\na", "[2]\nb", "[2]/[1]"]);
    let offer = a.1.operations.iter().find(|o| o.name == "Offer").unwrap();
    let m = offer.stats.as_ref().unwrap().median_ms;
    let row = dh.iter().find(|r| r[0] == "Offer").unwrap();
    // 855.5 ns and 427.7 ns: one unit, as each alone is written.
    assert_eq!(
        row[1..],
        [
            report::fmt_time_ms(m),
            report::fmt_time_ms(m / 2.0),
            "2.00x".to_string()
        ]
    );
    // Each run's own section is still there, folded.
    assert_eq!(page.matches("<details>").count(), 2);
    // Records of one machine that share no operation: no runs section.
    let scale = read(
        "scale.json",
        include_str!("../../../tests/data/records/v1-scale.json"),
    );
    let dh = read("dh.json", DH);
    assert_eq!(machines::group(&[scale.clone(), dh.clone()]).len(), 1);
    let page = render_page(&[scale, dh]).unwrap();
    assert!(!page.contains("Runs side by side"));
    assert!(!page.contains("<details>"));
}
