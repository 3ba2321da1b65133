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

/// The RSA private operation through the Chinese remainder theorem.
pub const CRT_OP: &str = "private op (CRT)";

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
    /// The command that measured the row (`dh`, `rsa`, …).
    pub const COMMAND: &str = "command";
    /// The group of a DH or KEM row (`gf2-155`, `x25519`, `mlkem768`).
    pub const GROUP: &str = "group";
    /// The secret's size in bits (a number).
    pub const EXP_BITS: &str = "exp_bits";
    /// Whether a fixed-base table served the Offer (a boolean).
    pub const TABLE: &str = "table";
    /// `warm` or `cold` caches (absent: warm).
    pub const CACHE: &str = "cache";
    /// The implementation of a peer's row ([`crate::implementation::IMPL_PARAM`]).
    pub const IMPL: &str = crate::implementation::IMPL_PARAM;
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
}

/// Keys of an operation's `info`: how a row was computed, not what identifies it.
pub mod info {
    /// Entries in the input pool.
    pub const POOL: &str = "pool";
    /// Time to make and check the pool, ms (`pool_s` on disk).
    pub const POOL_MS: &str = "pool_ms";
    /// Bytes of the fixed-base table.
    pub const TABLE_BYTES: &str = "table_bytes";
}
