//! The names a record uses, in one place: operation names, and the keys of an operation's
//! `params` (what identifies a row), `figures` (measured values, named with their unit) and
//! `info` (how the row was computed). Code reads them through these constants or, better,
//! through the typed accessors of [`super::Operation`] (`exp_bits()`, `group()`, `table()` …).

/// The DH operation Offer: one party computes its public value (fixed base).
pub const OFFER_OP: &str = "Offer";

/// The DH operation Reply: one party computes the shared secret from the peer's value.
pub const REPLY_OP: &str = "Reply";

/// Name of the derived DH operation Total = 2*Offer + Reply (design.md: the elapsed time of
/// one exchange), figure [`figure::TOTAL_MS`].
pub const TOTAL_OP: &str = "Total = 2*Offer + Reply";

/// Name of the derived DH operation CPU sum = 2*Offer + 2*Reply (the work of both
/// parties), figure [`figure::CPU_TOTAL_MS`].
pub const CPU_SUM_OP: &str = "CPU sum 2*Offer + 2*Reply";

/// The KEM operation KeyGen (the initiator's offer).
pub const KEYGEN_OP: &str = "KeyGen";

/// The KEM operation Encaps (the responder's reply, carrying the ciphertext).
pub const ENCAPS_OP: &str = "Encaps";

/// The KEM operation Decaps (the initiator's finish).
pub const DECAPS_OP: &str = "Decaps";

/// Name of the derived KEM operation Total = KeyGen + Encaps + Decaps (the three steps of
/// one key-encapsulation exchange, in sequence), figure [`figure::TOTAL_MS`].
pub const KEM_TOTAL_OP: &str = "Total = KeyGen + Encaps + Decaps";

/// The raw RSA private operation (m^d mod n, no CRT).
pub const PRIVATE_OP: &str = "private op (raw)";

/// The RSA private operation through the Chinese remainder theorem (through a library: the
/// private operation of its RSA API, which may do more, such as blinding: the operation's
/// info [`info::EXTRA_WORK`] says so).
pub const CRT_OP: &str = "private op (CRT)";

/// The RSA CRT private operation assembled from a library's bignum calls (OpenSSL's BN
/// functions), a variant of [`CRT_OP`] doing the same work as pkbench's own CRT (its info
/// [`info::SAME_WORK_AS`] names [`CRT_OP`]).
pub const CRT_BN_OP: &str = "private op (CRT on BN)";

/// The RSA public operation.
pub const PUBLIC_OP: &str = "public op";

/// The timed operations a derived operation is computed from (same params), or `&[]` for an
/// operation that is not derived from others: [`TOTAL_OP`] and [`CPU_SUM_OP`] → Offer, Reply;
/// [`KEM_TOTAL_OP`] → KeyGen, Encaps, Decaps.
pub fn derived_from(name: &str) -> &'static [&'static str] {
    match name {
        TOTAL_OP | CPU_SUM_OP => &[OFFER_OP, REPLY_OP],
        KEM_TOTAL_OP => &[KEYGEN_OP, ENCAPS_OP, DECAPS_OP],
        _ => &[],
    }
}

/// Keys of an operation's `params`: what identifies a row (`compare` matches on them).
pub mod param {
    use serde_json::Value;
    use std::collections::BTreeMap;

    /// The command that measured the row (`dh`, `rsa`, …).
    pub const COMMAND: &str = "command";
    /// The group of a DH or KEM row (`gf2-155`, `x25519`, `mlkem768`).
    pub const GROUP: &str = "group";
    /// The secret's size in bits (a number).
    pub const EXP_BITS: &str = "exp_bits";
    /// Whether a fixed-base table served the Offer (a boolean).
    pub const TABLE: &str = "table";
    /// `warm` or `cold` caches (absent: warm, [`WARM`]).
    pub const CACHE: &str = "cache";
    /// The value of [`CACHE`] for warm caches.
    pub const WARM: &str = "warm";
    /// The value of [`CACHE`] for cold caches.
    pub const COLD: &str = "cold";
    /// The implementation of a peer's row ([`crate::implementation::IMPL_PARAM`]).
    pub const IMPL: &str = crate::implementation::IMPL_PARAM;
    /// The number of threads of a throughput row.
    pub const THREADS: &str = "threads";
    /// The reproduced table of a `repro` row (its id, `1995`; the same key as a `dh` row's
    /// [`TABLE`], another meaning).
    pub const REFERENCE_TABLE: &str = "table";
    /// On a row timed as a part of a hybrid KEM (`dh --group x25519mlkem768` times its
    /// ML-KEM-768 and X25519 parts in the same rounds), the hybrid's name: such rows are
    /// compared with the hybrid's steps, not shown as exchanges of their own.
    pub const PART_OF: &str = "part_of";
    /// The table window of a `choose --cache` sweep row.
    pub const TABLE_WINDOW: &str = "table_window";
    /// A `repro` run's implementations as asked for (a run-level param): `best` (every
    /// implementation found, the table's figure the fastest) or their names, comma-separated
    /// (`pkbench,openssl`).
    pub const IMPLEMENTATIONS: &str = "implementations";
    /// The library call of a `leak` row where a library has two (`mpz_powm`,
    /// `mpz_powm_sec`; `BN_mod_exp_mont`, `BN_mod_exp_mont_consttime`): the
    /// implementation's variant.
    pub const CALL: &str = "call";

    /// The params of a `dh` row: command `dh`, the group's name, the secret's bits and
    /// whether a fixed-base table served the Offer.
    pub fn dh(group: &str, exp_bits: u32, table: bool) -> BTreeMap<String, Value> {
        crate::record::params([
            (COMMAND, "dh".into()),
            (GROUP, group.into()),
            (EXP_BITS, exp_bits.into()),
            (TABLE, table.into()),
        ])
    }
}

/// Keys of an operation's `figures`: measured values named with their unit (`_ms` in
/// memory, `_s` on disk; `_per_sec`).
pub mod figure {
    /// Total = 2*Offer + Reply, or KeyGen + Encaps + Decaps, ms.
    pub const TOTAL_MS: &str = "total_ms";
    /// CPU sum 2*Offer + 2*Reply, ms.
    pub const CPU_TOTAL_MS: &str = "cpu_total_ms";
    /// Operations per second at the median.
    pub const OPS_PER_SEC: &str = "ops_per_sec";
    /// Bytes per second at the median (RSA, hashes, ciphers).
    pub const BYTES_PER_SEC: &str = "bytes_per_sec";
    /// A `leak` row's largest |t| over its tests (Welch's t, no unit; absent when no test
    /// had enough measurements).
    pub const MAX_ABS_T: &str = "max_abs_t";
    /// A `leak` row's mean time of the fixed class in the test that gave its largest |t|, ms
    /// (`mean_fixed_s` on disk).
    pub const MEAN_FIXED_MS: &str = "mean_fixed_ms";
    /// A `leak` row's mean time of the random class in the test that gave its largest |t|,
    /// ms (`mean_random_s` on disk).
    pub const MEAN_RANDOM_MS: &str = "mean_random_ms";
}

/// Keys of an operation's `info`: how a row was computed, not what identifies it. Times
/// end `_ms` in memory and `_s` on disk.
pub mod info {
    /// The group's family: `modp`, `ec2n`, `ecp`.
    pub const FAMILY: &str = "family";
    /// The group's description.
    pub const GROUP_DESCRIPTION: &str = "group_description";
    /// Where the group's numbers come from (an RFC and section).
    pub const GROUP_SOURCE: &str = "group_source";
    /// Bits of the field (p, or m of GF(2^m)).
    pub const FIELD_BITS: &str = "field_bits";
    /// Bits of a full-size secret (the prime subgroup order's size).
    pub const FULL_EXP_BITS: &str = "full_exp_bits";
    /// Bytes of one public value on the wire.
    pub const PUBLIC_BYTES: &str = "public_bytes";
    /// Bytes one exchange puts on the wire.
    pub const WIRE_BYTES: &str = "wire_bytes";
    /// Entries in the input pool (each made and checked before timing).
    pub const POOL: &str = "pool";
    /// Time to make and check the pool, ms (`pool_s` on disk).
    pub const POOL_MS: &str = "pool_ms";
    /// The most entries a pool may have (`bench::dh::MAX_POOL` when the run was made).
    pub const POOL_CAP: &str = "pool_cap";
    /// The share of the time budget a pool may take to make (`bench::dh::POOL_TIME_SHARE`).
    pub const POOL_TIME_SHARE: &str = "pool_time_share";
    /// The bignum backend of a mod-p group.
    pub const BACKEND: &str = "backend";
    /// The GF(2^m) code path (carry-less multiply or portable).
    pub const CLMUL: &str = "clmul";
    /// The field arithmetic's code.
    pub const FIELD_CODE: &str = "field_code";
    /// How the Offer is computed.
    pub const OFFER_METHOD: &str = "offer_method";
    /// How the Reply is computed.
    pub const REPLY_METHOD: &str = "reply_method";
    /// The fixed-base table's method.
    pub const TABLE_METHOD: &str = "table_method";
    /// What a DH row's Offer precomputed for the generator (a
    /// [`crate::implementation::Precomputation`] as JSON), spelled where that type lives.
    pub const PRECOMPUTATION: &str = crate::implementation::precomputation::INFO_KEY;
    /// Bytes of the fixed-base table.
    pub const TABLE_BYTES: &str = "table_bytes";
    /// Time to build the fixed-base table, ms (`table_build_s` on disk).
    pub const TABLE_BUILD_MS: &str = "table_build_ms";
    /// Bits of security against classical attacks (the estimate of `security`).
    pub const SECURITY_BITS: &str = "security_bits";
    /// The category (80, 112, 128 …) the estimate falls in.
    pub const SECURITY_CATEGORY: &str = "security_category";
    /// The attack that limits the estimate.
    pub const SECURITY_LIMITED_BY: &str = "security_limited_by";
    /// Bits of security against a quantum computer.
    pub const QUANTUM_SECURITY_BITS: &str = "quantum_security_bits";
    /// Outputs checked after timing.
    pub const OUTPUTS_CHECKED: &str = "outputs_checked";
    /// Known answers checked before timing.
    pub const KNOWN_ANSWERS_CHECKED: &str = "known_answers_checked";
    /// What the outputs were checked against after timing (text, e.g. "RustCrypto sha2
    /// 0.11 fed in uneven pieces").
    pub const OUTPUTS_CHECKED_AGAINST: &str = "outputs_checked_against";
    /// Work an operation does beyond what its name says and beyond pkbench's own operation of
    /// that name (text, e.g. "blinding and a check of the result with e"): every ratio
    /// between such rows says so beside it.
    pub const EXTRA_WORK: &str = "extra_work";
    /// On a variant row of another name, the name of pkbench's own operation that does the
    /// same work (e.g. "private op (CRT)" on OpenSSL's "private op (CRT on BN)"): views give
    /// the variant's speed against that row.
    pub const SAME_WORK_AS: &str = "same_work_as";
    /// A `leak` row's measurements of the fixed class.
    pub const N_FIXED: &str = "n_fixed";
    /// A `leak` row's measurements of the random class.
    pub const N_RANDOM: &str = "n_random";
    /// A `leak` row's t of the uncropped test.
    pub const T_UNCROPPED: &str = "t_uncropped";
    /// The crop (fraction of the pooled times kept) that gave a `leak` row's largest |t|;
    /// null for the uncropped test.
    pub const MAX_CROP: &str = "max_crop";
    /// Every crop of a `leak` row: `fraction`, `threshold_ns`, `n_fixed`, `n_random`, `t`.
    pub const CROPS: &str = "crops";
    /// Why a `leak` row stopped: `clear evidence`, `max measurements`, `budget spent`.
    pub const STOPPED: &str = "stopped";
}

/// Keys a `choose` record adds: its run-level `params` and the verdicts the search writes in
/// each timed row's `info` (`bench::choose::rank`), which its view reads.
pub mod choose {
    /// Param: the security target, bits.
    pub const MIN_SECURITY: &str = "min_security";
    /// Param: only rows whose quantum security meets the target are ranked.
    pub const POST_QUANTUM: &str = "post_quantum";
    /// Param: the KEMs were left out.
    pub const CLASSICAL: &str = "classical";
    /// Param: the link rate the wire is priced at, bits per second (absent: not priced).
    pub const LINK_BITS_PER_S: &str = "link_bits_per_s";
    /// Param: the full table was asked for (`--all`): every candidate timed and shown.
    pub const ALL: &str = "all";
    /// Param: the cap on timing a tie again, ms.
    pub const TIE_CAP_MS: &str = "tie_cap_ms";
    /// Info: meets the target under the run's rule (classical, and quantum with
    /// `post_quantum`).
    pub const MEETS: &str = "meets";
    /// Info: classically at or above the target.
    pub const QUALIFIES: &str = "qualifies";
    /// Info: has a known weakness (never chosen).
    pub const WEAK: &str = "weak";
    /// Info: the row is its option's best (one per option that meets the target).
    pub const OPTION_BEST: &str = "option_best";
    /// Info: the link time of both parties' messages at the run's rate, ms.
    pub const LINK_MS: &str = "link_ms";
    /// Info: what the row is ranked by, Total plus its link time, ms.
    pub const COST_MS: &str = "cost_ms";
    /// Info: the params of the full-size row of the same option, code and table that this
    /// short-secret row does not beat (the 95 % interval of their cost ratio contains 1).
    pub const SAME_COST_AS: &str = "same_cost_as";
    /// Info: that ratio (this row's cost over the other's), `{estimate, lo, hi}`.
    pub const SAME_COST_RATIO: &str = "same_cost_ratio";
    /// Info: the chosen row.
    pub const CHOSEN: &str = "chosen";
    /// Info: the runner-up: the best row of the next option.
    pub const RUNNER_UP: &str = "runner_up";
    /// Info, on the chosen row: the runner-up's cost over the chosen one's,
    /// `{estimate, lo, hi, paired}` (paired: from rounds timed alternately).
    pub const RUNNER_UP_RATIO: &str = "runner_up_ratio";
    /// Info, on the chosen row and the runner-up: the two best options are tied (the
    /// interval of their cost ratio contains 1 after any timing again).
    pub const TIED: &str = "tied";
    /// Info, on a chosen row that won a tie: the rule that broke it (`wire_bytes`,
    /// `table_bytes`, `security`, `name`).
    pub const TIE_RULE: &str = "tie_rule";
    /// Info, on the two rows timed again: the time spent on it, ms.
    pub const REMEASURED_MS: &str = "remeasured_ms";
    /// Info, on the two rows timed again: the sweeps run.
    pub const REMEASURE_SWEEPS: &str = "remeasure_sweeps";
    /// Param: the leak records given (`choose --leak FILE`), as given, in order.
    pub const LEAK_FILES: &str = "leak_files";
    /// Info, on a row's Total: the verdict of the leak records' rows of the same group,
    /// implementation and operations (`bench::choose::leak`): `verdict` (the worst:
    /// "depends", "no verdict", "none found"), its `max_abs_t`, `operation`, `cache` and
    /// `text`, the `files` and each matched row's `operations` entry. Absent: not tested.
    pub const LEAK: &str = "leak";
}
