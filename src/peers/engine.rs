//! A cipher computed by a peer library as a [`symmetric::Engine`](crate::symmetric::Engine),
//! so that `bench::cipher` times it with the same inputs, checks and harness as pkbench's
//! own engine.
//!
//! [`cipher_engine`] prepares one configuration (cipher, key size, mode, direction) through
//! OpenSSL's EVP interface or libgcrypt, after checking the library on the registry's known
//! answers and against pkbench's own engine ([`super::kat::check_cipher_config`]). The engine
//! holds one keyed library context; the timed call resets its state from the IV, as
//! pkbench's own engine starts every call from a fresh state.

use super::kat::{self, ConfigCheck};
use super::kex::Library;
use super::{Discovery, PeerError, PeerResult, Unavailable, gcrypt, openssl};
use crate::error::{Error, Result};
use crate::implementation::Implementation;
use crate::symmetric::{CipherSpec, Direction, Engine, Mode};
use std::sync::Mutex;

enum Ctx {
    OpenSsl(openssl::evp::Cipher),
    Gcrypt(gcrypt::Cipher),
}

impl Ctx {
    fn apply(&mut self, iv: &[u8], input: &[u8], output: &mut [u8]) -> PeerResult<()> {
        match self {
            Ctx::OpenSsl(c) => c.apply(iv, input, output),
            Ctx::Gcrypt(c) => c.apply(iv, input, output),
        }
    }

    fn implementation(&self) -> Implementation {
        match self {
            Ctx::OpenSsl(c) => c.implementation(),
            Ctx::Gcrypt(c) => c.implementation(),
        }
    }

    fn make(
        library: Library,
        discovery: Discovery,
        spec: &CipherSpec,
        mode: Mode,
        dir: Direction,
        key: &[u8],
    ) -> std::result::Result<PeerResult<Ctx>, Unavailable> {
        let made = match library {
            Library::OpenSsl => {
                let s = openssl::load(discovery)?;
                openssl::evp::Cipher::new(s, spec.cipher.name, spec.key_bits, key, mode, dir)
                    .map(Ctx::OpenSsl)
            }
            Library::Gcrypt => {
                let g = gcrypt::load(discovery)?;
                gcrypt::Cipher::new(g, spec.cipher.name, key, mode, dir).map(Ctx::Gcrypt)
            }
            Library::Gmp => {
                super::gmp::load(discovery)?;
                return Err(Unavailable::Unsupported {
                    library: library.name().into(),
                    what: spec.display_name(),
                    why: "GMP has no ciphers".into(),
                });
            }
        };
        match made {
            Err(PeerError::Unavailable(u)) => Err(u),
            other => Ok(other),
        }
    }
}

/// One configuration of a cipher through a library: a [`Engine`] that takes only its own
/// mode and direction.
pub struct PeerCipher {
    ctx: Mutex<Ctx>,
    mode: Mode,
    dir: Direction,
    block: usize,
    modes: &'static [Mode],
}

impl PeerCipher {
    /// Who computes it: `gcrypt 1.10.1 (TWOFISH, CBC)`, `openssl 3.0.19 (AES-128-CBC)`.
    pub fn implementation(&self) -> Implementation {
        self.ctx
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .implementation()
    }
}

/// `spec` in `mode` and direction `dir` with `key`, through `library`: the library checked
/// first on the registry's known answers and against pkbench's own engine, or for a cipher
/// pkbench has no code for against the reference modes over the library's own ECB (both
/// directions, [`kat::check_cipher_config`]), then keyed with `key`.
///
/// # Errors
/// `Err(u)`: the library is absent, or lacks this cipher, key size or mode; `Ok(Err(e))`: a
/// check failed or a call failed (a runtime error, one line).
pub fn cipher_engine(
    spec: &CipherSpec,
    mode: Mode,
    dir: Direction,
    key: &[u8],
    library: Library,
    discovery: Discovery,
) -> std::result::Result<Result<PeerCipher>, Unavailable> {
    // Absent libraries say so before anything is checked.
    Ctx::make(library, discovery, spec, mode, dir, key)?.ok();
    let make = maker(library, discovery);
    match kat::check_cipher_config(spec, mode, &make, &apply) {
        Ok(ConfigCheck::Checked) => {}
        Ok(ConfigCheck::Unavailable(u)) => return Err(u),
        Err(e) => return Ok(Err(Error::runtime(format!("{}: {e}", library.name())))),
    }
    let ctx = match Ctx::make(library, discovery, spec, mode, dir, key)? {
        Ok(c) => c,
        Err(e) => return Ok(Err(e.into())),
    };
    Ok(Ok(PeerCipher {
        ctx: Mutex::new(ctx),
        mode,
        dir,
        block: spec.cipher.block_bytes,
        modes: spec.cipher.modes(),
    }))
}

/// The maker of [`Ctx`]s of `library` for [`kat::check_cipher_config`].
fn maker(
    library: Library,
    discovery: Discovery,
) -> impl Fn(&CipherSpec, Mode, Direction, &[u8]) -> PeerResult<Ctx> {
    move |spec: &CipherSpec, mode: Mode, dir: Direction, key: &[u8]| match Ctx::make(
        library, discovery, spec, mode, dir, key,
    ) {
        Ok(r) => r,
        Err(u) => Err(PeerError::Unavailable(u)),
    }
}

/// The timed call of a [`Ctx`], for [`kat::check_cipher_config`].
fn apply(c: &mut Ctx, iv: &[u8], input: &[u8], output: &mut [u8]) -> PeerResult<()> {
    c.apply(iv, input, output)
}

/// `spec` (a cipher pkbench has no code for) in `mode`/`dir` on `input` with `key` and `iv`,
/// computed a second way through `library`: the NIST SP 800-38A reference modes one block at
/// a time through two more of its contexts in ECB ([`kat::library_reference`]), checked to
/// invert (the other direction, computed the same way, gives `input` back). What the timed
/// calls of a [`PeerCipher`] must reproduce.
///
/// # Errors
/// [`Error::Runtime`] when a call fails, the library is absent or lacks the cipher, or the
/// output does not invert.
#[allow(clippy::too_many_arguments)]
pub fn library_reference(
    spec: &CipherSpec,
    mode: Mode,
    dir: Direction,
    key: &[u8],
    iv: &[u8],
    input: &[u8],
    library: Library,
    discovery: Discovery,
) -> Result<Vec<u8>> {
    let make = maker(library, discovery);
    let fail =
        |e: String| Error::runtime(format!("{}: {}: {e}", library.name(), spec.display_name()));
    let out =
        kat::library_reference(spec, mode, dir, key, iv, input, &make, &apply).map_err(fail)?;
    let back_dir = dir.opposite();
    let back =
        kat::library_reference(spec, mode, back_dir, key, iv, &out, &make, &apply).map_err(fail)?;
    if back != input {
        return Err(fail(format!(
            "{} {} does not invert {}",
            mode.label(),
            back_dir.short(),
            dir.short()
        )));
    }
    Ok(out)
}

impl Engine for PeerCipher {
    fn block_bytes(&self) -> usize {
        self.block
    }

    fn modes(&self) -> &'static [Mode] {
        self.modes
    }

    /// The library's call; only the mode and direction this engine was made for.
    fn apply(
        &self,
        mode: Mode,
        dir: Direction,
        iv: &[u8],
        input: &[u8],
        output: &mut [u8],
    ) -> Result<()> {
        if mode != self.mode || dir != self.dir {
            return Err(Error::runtime(format!(
                "a peer cipher made for {} {:?} was asked for {} {dir:?}",
                self.mode.label(),
                self.dir,
                mode.label()
            )));
        }
        self.ctx
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .apply(iv, input, output)
            .map_err(Error::from)
    }

    /// None: the reference modes of [`crate::symmetric::kat`] use pkbench's own engine.
    fn block(&self, _dir: Direction, _block: &mut [u8]) -> Option<Result<()>> {
        None
    }
}
