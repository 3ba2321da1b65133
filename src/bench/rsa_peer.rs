//! Raw RSA through a library (`rsa --impl openssl|gcrypt|gmp`): the key, chunks and private
//! exponentiation of pkbench's own job ([`super::rsa`], same seed: same key, same chunks),
//! computed by the library's modular exponentiation on operands made before timing:
//!
//! - OpenSSL: `BN_mod_exp_mont` (`--powm fast`) or `BN_mod_exp_mont_consttime` (`sec`), with
//!   its Montgomery context and `BN_CTX` made once (`bn.h`), for the raw and public rows;
//!   with `--crt`, the private operation of its RSA API as its users call it
//!   ([`openssl::RsaPrivate`]: `EVP_PKEY_decrypt` without padding, which adds blinding and a
//!   check of the result with e: info `extra_work`), and as a named variant the CRT on BN
//!   calls ([`openssl::RsaCrt`], RFC 8017 §5.1.2, the work of pkbench's own CRT: operation
//!   [`CRT_BN_OP`], info `same_work_as` = [`CRT_OP`]).
//! - libgcrypt: `gcry_mpi_powm` (`gcrypt.h`; it has no separate constant-time call, so
//!   `--powm sec` is not offered), no CRT.
//! - GMP: `mpz_powm` or `mpz_powm_sec` (`gmp.h`), no CRT.
//!
//! The public operation uses the plain exponentiation (e = 65537, nothing secret), as
//! pkbench's own does. Every chunk's outputs are compared with pkbench's own (num-bigint
//! `modpow` on the key) before timing, and the last output of every timed batch after it.

use super::Config;
use super::imp::Library;
use super::rsa::{CRT_BN_OP, CRT_OP, PRIVATE_OP, PUBLIC_OP, RsaJob};
use crate::error::{Error, Result};
use crate::implementation::Implementation;
use crate::measure::{CacheMode, Stats};
use crate::peers::openssl::{BnPowm, CrtKey};
use crate::peers::{Discovery, PeerError, PeerResult, Unavailable, gcrypt, gmp, openssl};
use crate::record::{self, Operation, figure, info as rinfo};
use crate::rsa::key::RsaKey;
use crate::rsa::ops::{Powm, pad};
use num_bigint::BigUint;

/// Whether `library` can run `job` here (loaded, and offering its exponentiation): the
/// CRT row is left out, not refused, where the library has none ([`offers_crt`]).
///
/// # Errors
/// [`Unavailable`]: the library is absent, or offers no such exponentiation (libgcrypt and
/// `--powm sec`), or the job asks for cold caches (a library's memory cannot be named).
pub fn available(
    job: &RsaJob,
    library: Library,
    discovery: Discovery,
) -> std::result::Result<(), Unavailable> {
    let unsupported = |why: &str| Unavailable::Unsupported {
        library: library.name().into(),
        what: job.label(),
        why: why.into(),
    };
    if job.cache != CacheMode::Warm {
        return Err(unsupported(
            "a library's memory cannot be evicted by name: it is timed with warm caches only",
        ));
    }
    match library {
        Library::OpenSsl => openssl::load(discovery).map(drop),
        Library::Gmp => gmp::load(discovery).map(drop),
        Library::Gcrypt => {
            gcrypt::load(discovery)?;
            if job.powm == Powm::Sec {
                return Err(unsupported(
                    "libgcrypt has no constant-time call apart from gcry_mpi_powm",
                ));
            }
            Ok(())
        }
    }
}

/// The call each library computes one raw RSA value through ([`raw`]): its variable-time
/// modular exponentiation, as `rsa --impl` times the private operation with `--powm fast`.
pub fn raw_call(library: Library) -> &'static str {
    match library {
        Library::OpenSsl => BnPowm::Mont.function(),
        Library::Gcrypt => "gcry_mpi_powm",
        Library::Gmp => gmp::Powm::Fast.function(),
    }
}

/// input^exponent mod modulus (big-endian bytes) through `library` ([`raw_call`]: OpenSSL's
/// `BN_mod_exp_mont` with its Montgomery context, libgcrypt's `gcry_mpi_powm`, the system
/// libgmp's `mpz_powm`), big-endian, zero-padded to the byte length of the modulus. The
/// caller has checked the values ([`crate::rsa::raw`]: an odd modulus of at least 3, the
/// input below it); a library's own refusal of them is its call's error.
///
/// # Errors
/// `Err(u)`: the library is not loaded here ([`Unavailable`]); `Ok(Err(e))`: a call failed
/// ([`PeerError`]).
pub fn raw(
    library: Library,
    discovery: Discovery,
    modulus: &[u8],
    exponent: &[u8],
    input: &[u8],
) -> std::result::Result<PeerResult<Vec<u8>>, Unavailable> {
    Ok(match library {
        Library::OpenSsl => openssl::ModExp::new(openssl::load(discovery)?, modulus, BnPowm::Mont)
            .and_then(|mut e| e.pow_bytes(input, exponent)),
        Library::Gcrypt => gcrypt::ModExp::new(gcrypt::load(discovery)?, modulus)
            .and_then(|mut e| e.pow_bytes(input, exponent)),
        Library::Gmp => gmp::ModExp::new(gmp::load(discovery)?, modulus, gmp::Powm::Fast)
            .and_then(|mut e| e.pow_bytes(input, exponent)),
    })
}

/// Whether `library` times the CRT private operation (OpenSSL only: its RSA API, and the
/// CRT on its BN calls).
pub fn offers_crt(library: Library) -> bool {
    library == Library::OpenSsl
}

/// One library's modular exponentiation, as the timed loop calls it.
pub(crate) trait LibPow {
    /// The library's integer.
    type Operand;
    /// An operand from big-endian bytes (before timing).
    fn operand(&self, bytes: &[u8]) -> PeerResult<Self::Operand>;
    /// result = base^exp mod n.
    fn pow(&mut self, base: &Self::Operand, exp: &Self::Operand) -> PeerResult<()>;
    /// The last result, big-endian, the modulus's length.
    fn result(&self) -> PeerResult<Vec<u8>>;
    /// Who computes it.
    fn implementation(&self) -> Implementation;
}

impl LibPow for openssl::ModExp {
    type Operand = openssl::Bignum;
    fn operand(&self, bytes: &[u8]) -> PeerResult<Self::Operand> {
        openssl::ModExp::operand(self, bytes)
    }
    fn pow(&mut self, base: &Self::Operand, exp: &Self::Operand) -> PeerResult<()> {
        openssl::ModExp::pow(self, base, exp)
    }
    fn result(&self) -> PeerResult<Vec<u8>> {
        Ok(openssl::ModExp::result(self))
    }
    fn implementation(&self) -> Implementation {
        openssl::ModExp::implementation(self)
    }
}

impl LibPow for gcrypt::ModExp {
    type Operand = gcrypt::Mpi;
    fn operand(&self, bytes: &[u8]) -> PeerResult<Self::Operand> {
        gcrypt::ModExp::operand(self, bytes)
    }
    fn pow(&mut self, base: &Self::Operand, exp: &Self::Operand) -> PeerResult<()> {
        gcrypt::ModExp::pow(self, base, exp);
        Ok(())
    }
    fn result(&self) -> PeerResult<Vec<u8>> {
        gcrypt::ModExp::result(self)
    }
    fn implementation(&self) -> Implementation {
        gcrypt::ModExp::implementation(self)
    }
}

impl LibPow for gmp::ModExp {
    type Operand = gmp::Int;
    fn operand(&self, bytes: &[u8]) -> PeerResult<Self::Operand> {
        Ok(gmp::ModExp::operand(self, bytes))
    }
    fn pow(&mut self, base: &Self::Operand, exp: &Self::Operand) -> PeerResult<()> {
        gmp::ModExp::pow(self, base, exp)
    }
    fn result(&self) -> PeerResult<Vec<u8>> {
        Ok(gmp::ModExp::result(self))
    }
    fn implementation(&self) -> Implementation {
        gmp::ModExp::implementation(self)
    }
}

/// OpenSSL's CRT private operations: its RSA API's (on the chunks' bytes) and the CRT on BN
/// calls (on the chunks as its integers, made before timing).
struct Crt {
    api: openssl::RsaPrivate,
    bytes: Vec<Vec<u8>>,
    bn: openssl::RsaCrt,
    chunks: Vec<openssl::Bignum>,
}

/// What the operations say of the job besides their statistics.
struct Facts {
    bits: u32,
    chunk: usize,
    powm: Powm,
    key_source: String,
    e: String,
    n: String,
}

/// A library's RSA job: private and public exponentiations (and OpenSSL's CRT), the chunks
/// as the library's integers, the expected outputs, and the last output of each timed
/// batch.
struct PreparedPeer<P: LibPow> {
    facts: Facts,
    private: P,
    public: P,
    d: P::Operand,
    e: P::Operand,
    chunks: Vec<P::Operand>,
    crt: Option<Crt>,
    /// chunk^d mod n by pkbench's own arithmetic, the modulus's length.
    signed: Vec<Vec<u8>>,
    /// chunk^e mod n by pkbench's own arithmetic.
    encrypted: Vec<Vec<u8>>,
    /// The timed operations, in order.
    names: Vec<&'static str>,
    /// Per timed operation: the chunk and output of the last call of the last batch.
    last: Vec<Option<(usize, PeerResult<Vec<u8>>)>>,
    /// The first call that failed while timed (the loop cannot return it).
    failed: Option<PeerError>,
}

/// Prepares `job` (pkbench's own key and chunks) on `library`, every chunk's outputs checked
/// against pkbench's own before timing.
///
/// # Errors
/// As [`super::rsa::prepare`] for the key and chunk size; [`Error::Runtime`] when the library
/// is absent, a call fails, or an output differs from pkbench's own.
pub fn prepare(job: &RsaJob, library: Library, cfg: &Config) -> Result<Box<dyn super::Prepared>> {
    available(job, library, cfg.discovery)
        .map_err(|u| Error::runtime(format!("{}: {u}", library.name())))?;
    let (key, key_source, _) = super::rsa::load_key(job, cfg)?;
    let chunk = super::rsa::chunk_size(job, &key)?;
    let bytes = super::rsa::draw_chunks(chunk, super::rsa::pool_size(key.bits()), cfg.seed);
    let len = key.modulus_bytes();
    let facts = Facts {
        bits: key.bits(),
        chunk,
        powm: job.powm,
        key_source,
        e: key.e.to_str_radix(16),
        n: key.n.to_str_radix(16),
    };
    let n = key.n.to_bytes_be();
    let crt = job.crt && offers_crt(library);
    let lib_err = |e: PeerError| Error::from(e);
    match library {
        Library::OpenSsl => {
            let s = openssl::load(cfg.discovery).map_err(|u| Error::runtime(u.to_string()))?;
            let how = match job.powm {
                Powm::Fast => BnPowm::Mont,
                Powm::Sec => BnPowm::ConstTime,
            };
            let private = openssl::ModExp::new(s, &n, how).map_err(lib_err)?;
            let public = openssl::ModExp::new(s, &n, BnPowm::Mont).map_err(lib_err)?;
            let crt = if crt {
                Some(crt_side(s, &key, how, &bytes)?)
            } else {
                None
            };
            finish_prepare(facts, private, public, crt, &key, &bytes, len)
        }
        Library::Gcrypt => {
            let g = gcrypt::load(cfg.discovery).map_err(|u| Error::runtime(u.to_string()))?;
            let private = gcrypt::ModExp::new(g, &n).map_err(lib_err)?;
            let public = gcrypt::ModExp::new(g, &n).map_err(lib_err)?;
            finish_prepare(facts, private, public, None, &key, &bytes, len)
        }
        Library::Gmp => {
            let g = gmp::load(cfg.discovery).map_err(|u| Error::runtime(u.to_string()))?;
            let powm = match job.powm {
                Powm::Fast => gmp::Powm::Fast,
                Powm::Sec => gmp::Powm::Sec,
            };
            let private = gmp::ModExp::new(g, &n, powm).map_err(lib_err)?;
            let public = gmp::ModExp::new(g, &n, gmp::Powm::Fast).map_err(lib_err)?;
            finish_prepare(facts, private, public, None, &key, &bytes, len)
        }
    }
}

/// OpenSSL's CRT private operations on `key` (the BN variant with `how`), and the chunks.
fn crt_side(
    s: &'static openssl::OpenSsl,
    key: &RsaKey,
    how: BnPowm,
    bytes: &[Vec<u8>],
) -> Result<Crt> {
    let b = |x: &BigUint| x.to_bytes_be();
    let parts = [
        &key.n, &key.e, &key.d, &key.p, &key.q, &key.dp, &key.dq, &key.qinv,
    ]
    .map(b);
    let [n, e, d, p, q, dp, dq, qinv] = &parts;
    let k = CrtKey {
        n,
        e,
        d,
        p,
        q,
        dp,
        dq,
        qinv,
    };
    let bn = openssl::RsaCrt::new(s, k, how)?;
    let chunks = bytes
        .iter()
        .map(|c| bn.operand(c))
        .collect::<PeerResult<_>>()?;
    Ok(Crt {
        api: openssl::RsaPrivate::new(s, k)?,
        bytes: bytes.to_vec(),
        bn,
        chunks,
    })
}

/// The prepared job: operands made, every chunk's private, public (and CRT) output compared
/// with pkbench's own.
fn finish_prepare<P: LibPow + 'static>(
    facts: Facts,
    private: P,
    public: P,
    crt: Option<Crt>,
    key: &RsaKey,
    bytes: &[Vec<u8>],
    len: usize,
) -> Result<Box<dyn super::Prepared>> {
    let operand = |x: &BigUint| private.operand(&x.to_bytes_be());
    let (d, e) = (operand(&key.d)?, operand(&key.e)?);
    let chunks = bytes
        .iter()
        .map(|c| private.operand(c))
        .collect::<PeerResult<Vec<_>>>()?;
    let (mut signed, mut encrypted) = (Vec::new(), Vec::new());
    for c in bytes {
        let m = BigUint::from_bytes_be(c);
        signed.push(pad(m.modpow(&key.d, &key.n).to_bytes_be(), len));
        encrypted.push(pad(m.modpow(&key.e, &key.n).to_bytes_be(), len));
    }
    let mut names = vec![PRIVATE_OP];
    if crt.is_some() {
        names.extend([CRT_OP, CRT_BN_OP]);
    }
    names.push(PUBLIC_OP);
    let mut job = PreparedPeer {
        facts,
        private,
        public,
        d,
        e,
        chunks,
        crt,
        signed,
        encrypted,
        last: names.iter().map(|_| None).collect(),
        names,
        failed: None,
    };
    let name = job.private.implementation().label();
    for k in 0..job.names.len() {
        for j in 0..job.chunks.len() {
            job.call(k, j)?;
            let got = job.output(k)?;
            if got != *job.want(k, j) {
                return Err(differs(&name, job.names[k]));
            }
        }
    }
    Ok(Box::new(job))
}

fn differs(library: &str, op: &str) -> Error {
    Error::runtime(format!(
        "RSA self-check failed: {library}'s {op} differs from pkbench's own"
    ))
}

impl<P: LibPow> PreparedPeer<P> {
    /// One call of timed operation `k` on chunk `j`.
    fn call(&mut self, k: usize, j: usize) -> PeerResult<()> {
        match self.names[k] {
            PRIVATE_OP => self.private.pow(&self.chunks[j], &self.d),
            CRT_OP => match &mut self.crt {
                Some(c) => c.api.private(&c.bytes[j]),
                None => Ok(()),
            },
            CRT_BN_OP => match &mut self.crt {
                Some(c) => c.bn.private(&c.chunks[j]),
                None => Ok(()),
            },
            _ => self.public.pow(&self.chunks[j], &self.e),
        }
    }

    /// The last output of timed operation `k`.
    fn output(&self, k: usize) -> PeerResult<Vec<u8>> {
        match self.names[k] {
            PRIVATE_OP => self.private.result(),
            CRT_OP => match &self.crt {
                Some(c) => c.api.result(),
                None => Ok(Vec::new()),
            },
            CRT_BN_OP => match &self.crt {
                Some(c) => c.bn.result(),
                None => Ok(Vec::new()),
            },
            _ => self.public.result(),
        }
    }

    /// What timed operation `k` must give for chunk `j`.
    fn want(&self, k: usize, j: usize) -> &Vec<u8> {
        match self.names[k] {
            PUBLIC_OP => &self.encrypted[j],
            _ => &self.signed[j],
        }
    }
}

impl<P: LibPow> super::Prepared for PreparedPeer<P> {
    fn label(&self) -> String {
        format!("RSA-{}", self.facts.bits)
    }

    fn timed(&self) -> usize {
        self.names.len()
    }

    fn run(&mut self, k: usize, start: usize, n: usize) {
        let len = self.chunks.len();
        for i in 0..n {
            if let Err(e) = self.call(k, start.wrapping_add(i) % len) {
                self.failed.get_or_insert(e);
            }
        }
        if n > 0 {
            let j = start.wrapping_add(n - 1) % len;
            let out = self.output(k);
            self.last[k] = Some((j, out));
        }
    }

    fn verify(&self) -> Result<()> {
        if let Some(e) = &self.failed {
            return Err(Error::runtime(e.to_string()));
        }
        let name = self.private.implementation().label();
        for (k, last) in self.last.iter().enumerate() {
            if let Some((j, out)) = last {
                let out = out.as_ref().map_err(|e| Error::runtime(e.to_string()))?;
                if out != self.want(k, *j) {
                    return Err(differs(&name, self.names[k]));
                }
            }
        }
        Ok(())
    }

    fn finish(self: Box<Self>, stats: Vec<Stats>) -> Result<Vec<Operation>> {
        super::Prepared::verify(self.as_ref())?;
        let f = &self.facts;
        let base = record::params([
            ("command", "rsa".into()),
            ("bits", f.bits.into()),
            ("chunk_bytes", f.chunk.into()),
        ]);
        let mut private_key = base.clone();
        private_key.insert("powm".into(), f.powm.name().into());
        let pool = self.chunks.len();
        Ok(stats
            .into_iter()
            .zip(&self.names)
            .map(|(st, &name)| {
                let crt = self.crt.as_ref();
                let (params, imp) = match (name, crt) {
                    (PUBLIC_OP, _) => (&base, self.public.implementation()),
                    (CRT_OP, Some(c)) => (&private_key, c.api.implementation()),
                    (CRT_BN_OP, Some(c)) => (&private_key, c.bn.implementation()),
                    _ => (&private_key, self.private.implementation()),
                };
                let secs = st.median_ms / 1e3;
                let library = format!("{} {}", imp.name, imp.version);
                let function = imp.variant.clone();
                let op = match name {
                    CRT_OP => Operation::timed(name, params.clone(), st)
                        .with_info(rinfo::EXTRA_WORK, openssl::rsa::RSA_PRIVATE_EXTRA),
                    CRT_BN_OP => Operation::timed(name, params.clone(), st)
                        .with_info(rinfo::SAME_WORK_AS, CRT_OP),
                    _ => Operation::timed(name, params.clone(), st),
                };
                op.with_info(rinfo::BACKEND, library)
                    .with_info("powm_fn", function)
                    .with_figure(figure::OPS_PER_SEC, 1.0 / secs)
                    .with_figure(figure::BYTES_PER_SEC, f.chunk as f64 / secs)
                    .with_info("key_source", f.key_source.clone())
                    .with_info("e", f.e.clone())
                    .with_info("n", f.n.clone())
                    .with_info(rinfo::POOL, pool)
                    .by(imp)
            })
            .collect())
    }
}
