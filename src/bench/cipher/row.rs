//! One row of a cipher job made ready to time ([`RowState::new`]): its known answers, its
//! key, IV and plaintext, the output every timed call must give (checked two ways before
//! timing), and the engine timed.

use super::Row;
use crate::bench::imp::Choice;
use crate::error::{Error, Result};
use crate::symmetric::kat;
use crate::symmetric::modes::{Direction, Engine, Mode};
use crate::symmetric::registry::CipherSpec;
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};

/// One row with its checked inputs and, per buffer size, the output of the timed calls.
pub(super) struct RowState {
    pub(super) row: Row,
    pub(super) name: String,
    pub(super) engine: Box<dyn Engine>,
    pub(super) iv: Vec<u8>,
    pub(super) input: Vec<u8>,
    pub(super) expected: Vec<u8>,
    pub(super) outs: Vec<Vec<u8>>,
    pub(super) failed: bool,
    /// A peer's implementation (`None`: the registry's crate).
    pub(super) peer: Option<crate::implementation::Implementation>,
    /// Known answers checked before timing ([`super::CipherRow::known_answers_checked`]).
    pub(super) known_answers: usize,
    /// Work a peer's call does beyond the mode's (record info `extra_work`).
    pub(super) extra_work: Option<&'static str>,
    /// What the row's output was checked against (record info `outputs_checked_against`).
    pub(super) checked_against: String,
}

/// `spec` in `mode`/`dir` on `input` computed and checked before timing: by pkbench's own
/// engine `own` against the NIST SP 800-38A reference ([`kat::check_mode`]), or, for a cipher
/// pkbench has no code for (`own` `None`), a second way through `library`'s own ECB
/// ([`crate::peers::engine::library_reference`]); either way the other direction must give
/// `input` back.
struct Checker<'a> {
    spec: &'a CipherSpec,
    own: Option<&'a dyn Engine>,
    key: &'a [u8],
    iv: &'a [u8],
    imp: Choice,
    discovery: crate::peers::Discovery,
}

impl Checker<'_> {
    fn output(&self, mode: Mode, dir: Direction, input: &[u8]) -> Result<Vec<u8>> {
        let name = self.spec.display_name();
        match (self.own, self.imp) {
            (Some(e), _) => kat::check_mode(e, &name, mode, dir, self.iv, input),
            (None, Choice::Peer(lib)) => crate::peers::engine::library_reference(
                self.spec,
                mode,
                dir,
                self.key,
                self.iv,
                input,
                lib,
                self.discovery,
            ),
            (None, _) => Err(Error::input(self.spec.cipher.no_own_code())),
        }
    }
}

impl RowState {
    /// Checks the cipher's known answers and the mode on the timed inputs; the key, IV and
    /// plaintext come from ChaCha20 seeded with `seed`. With a peer (`imp`), the library is
    /// checked on the known answers and must give pkbench's own checked output on the same
    /// inputs; it is then the engine timed. A cipher pkbench has no code for runs only
    /// through a peer, whose output must equal the same library's reference modes over its
    /// own ECB; asked of pkbench's own code, it is [`Error::Input`] naming the library.
    pub(super) fn new(
        row: &Row,
        sizes: &[usize],
        seed: u64,
        imp: Choice,
        discovery: crate::peers::Discovery,
    ) -> Result<RowState> {
        let (spec, mode, dir) = (&row.spec, row.mode, row.direction);
        let name = spec.display_name();
        let max = *sizes.last().expect("at least two sizes");
        let library_only = spec.cipher.only_library().is_some();
        // A cipher pkbench has no code for: its ECB vectors through the library, in every
        // mode (checked when the library's engine is made, below).
        let known_answers = if library_only {
            spec.vectors()
                .iter()
                .filter(|v| v.mode == Mode::Ecb)
                .count()
        } else {
            kat::check_known_answers(spec)?
        };
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let mut key = vec![0u8; spec.key_bytes()];
        rng.fill_bytes(&mut key);
        let own = match (library_only, imp) {
            (true, Choice::Peer(_)) => None,
            _ => Some(spec.engine(&key)?),
        };
        let modes = spec.cipher.modes();
        if !modes.contains(&mode) {
            return Err(Error::input(format!(
                "{name} has no {} mode: use {}",
                mode.label(),
                modes
                    .iter()
                    .map(|m| m.label().to_lowercase())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let mut iv = vec![0u8; spec.cipher.iv_bytes(mode)];
        rng.fill_bytes(&mut iv);
        let mut plaintext = vec![0u8; max];
        rng.fill_bytes(&mut plaintext);
        let checker = Checker {
            spec,
            own: own.as_deref(),
            key: &key,
            iv: &iv,
            imp,
            discovery,
        };
        // The input of a decryption row is the checked ciphertext of the plaintext.
        let input = match dir {
            Direction::Encrypt => plaintext,
            Direction::Decrypt => checker.output(mode, Direction::Encrypt, &plaintext)?,
        };
        // Expected output at each size: every size is a prefix of the largest buffer, and
        // every mode here is prefix-stable, so one checked output serves all sizes.
        let expected = checker.output(mode, dir, &input)?;
        let checked_against = match (imp, library_only) {
            (Choice::Own | Choice::Portable, _) => {
                "the NIST SP 800-38A reference modes over the bare block cipher, and the opposite direction".to_string()
            }
            (_, true) => "the same library's NIST SP 800-38A reference modes over its own ECB, and the opposite direction".to_string(),
            (_, false) => format!(
                "pkbench's own engine (the {} crate, itself checked against the NIST SP 800-38A reference modes) on the same key, IV and input",
                spec.cipher.crate_name().unwrap_or("registry's")
            ),
        };
        let (engine, peer, extra_work) = match imp {
            Choice::Own | Choice::Portable => (own.expect("made above"), None, None),
            Choice::Peer(_) | Choice::Crate(_) => {
                let p = crate::peers::engine::cipher_engine(spec, mode, dir, &key, imp, discovery)
                    .map_err(|u| Error::runtime(u.to_string()))??;
                let mut out = vec![0u8; input.len()];
                Engine::apply(&p, mode, dir, &iv, &input, &mut out)?;
                if out != expected {
                    let other = if library_only {
                        "its own reference modes over its ECB"
                    } else {
                        "pkbench's own output"
                    };
                    return Err(Error::runtime(format!(
                        "{}: {name} {} {}: differs from {other} on the same input",
                        imp.name(),
                        mode.label(),
                        dir.short()
                    )));
                }
                let (i, w) = (p.implementation(), p.extra_work());
                (Box::new(p) as Box<dyn Engine>, Some(i), w)
            }
        };
        Ok(RowState {
            row: *row,
            name,
            engine,
            peer,
            iv,
            input,
            expected,
            outs: vec![Vec::new(); sizes.len()],
            failed: false,
            known_answers,
            extra_work,
            checked_against,
        })
    }
}
