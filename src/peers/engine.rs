//! A cipher computed by a peer library or a crate as a
//! [`symmetric::Engine`](crate::symmetric::Engine), so that `bench::cipher` times it with the
//! same inputs, checks and harness as pkbench's own engine.
//!
//! [`cipher_engine`] prepares one configuration (cipher, key size, mode, direction) through
//! OpenSSL's EVP interface, libgcrypt or a crate of [`super::crates::CRATES`] (aws-lc-rs's
//! `cipher` keys), after checking it on the registry's known answers and against pkbench's
//! own engine ([`super::kat::check_cipher_config`]). The engine holds one keyed context; the
//! timed call resets its state from the IV, as pkbench's own engine starts every call from a
//! fresh state.

use super::crates::{self, CipherCall, CrateCipher};
use super::kat::{self, ConfigCheck};
use super::kex::Library;
use super::{Discovery, PeerError, PeerResult, Unavailable, gcrypt, openssl};
use crate::error::{Error, Result};
use crate::implementation::Choice;
use crate::implementation::Implementation;
use crate::symmetric::{CipherSpec, Direction, Engine, Mode};
use std::sync::Mutex;

enum Ctx {
    OpenSsl(openssl::evp::Cipher),
    Gcrypt(gcrypt::Cipher),
    /// A crate's keyed call, with the crate's name and implementation.
    Crate(&'static str, Box<dyn CipherCall>, Implementation),
}

impl Ctx {
    fn apply(&mut self, iv: &[u8], input: &[u8], output: &mut [u8]) -> PeerResult<()> {
        match self {
            Ctx::OpenSsl(c) => c.apply(iv, input, output),
            Ctx::Gcrypt(c) => c.apply(iv, input, output),
            Ctx::Crate(name, c, _) => {
                if c.apply(iv, input, output) {
                    Ok(())
                } else {
                    Err(PeerError::Call {
                        library: name,
                        call: "cipher",
                        detail: "the crate refused the call".into(),
                    })
                }
            }
        }
    }

    fn implementation(&self) -> Implementation {
        match self {
            Ctx::OpenSsl(c) => c.implementation(),
            Ctx::Gcrypt(c) => c.implementation(),
            Ctx::Crate(_, _, i) => i.clone(),
        }
    }

    /// A crate's configuration, if it offers it.
    fn of_crate(
        name: &'static str,
        spec: &CipherSpec,
        mode: Mode,
        dir: Direction,
        key: &[u8],
    ) -> std::result::Result<PeerResult<Ctx>, Unavailable> {
        let unsupported = |why: String| Unavailable::Unsupported {
            library: name.into(),
            what: format!("{} {}", spec.display_name(), mode.label()),
            why,
        };
        let krate = crates::find(name).ok_or_else(|| unsupported("no such crate".into()))?;
        let c: &CrateCipher = crates::cipher(krate, spec.cipher.name)
            .filter(|c| c.offers(spec.key_bits, mode))
            .ok_or_else(|| unsupported(crate_offer(krate)))?;
        let imp = Implementation {
            variant: format!(
                "{} {}-bit key, {}",
                spec.cipher.name.to_uppercase(),
                spec.key_bits,
                (c.mode_call)(mode, dir)
            ),
            ..Implementation::of_crate(name)
        };
        Ok(match (c.open)(key, mode, dir) {
            Some(call) => Ok(Ctx::Crate(name, call, imp)),
            None => Err(PeerError::Call {
                library: name,
                call: "cipher key",
                detail: format!("{} {}: refused", spec.display_name(), mode.label()),
            }),
        })
    }

    fn make(
        who: Choice,
        discovery: Discovery,
        spec: &CipherSpec,
        mode: Mode,
        dir: Direction,
        key: &[u8],
    ) -> std::result::Result<PeerResult<Ctx>, Unavailable> {
        let library = match who {
            Choice::Peer(l) => l,
            Choice::Crate(name) => return Ctx::of_crate(name, spec, mode, dir, key),
            Choice::Own | Choice::Portable => {
                return Err(Unavailable::Unsupported {
                    library: who.name().into(),
                    what: spec.display_name(),
                    why: "pkbench's own engine is not a peer".into(),
                });
            }
        };
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

/// What pkbench runs through `krate` in `cipher`: "pkbench runs only AES (128, 192,
/// 256-bit keys: ECB CBC CFB OFB CTR) through it", or why it runs no cipher through it
/// ([`crates::Crate::no_cipher`]).
fn crate_offer(krate: &dyn crates::Crate) -> String {
    let list: Vec<String> = krate
        .ciphers()
        .iter()
        .map(|c| {
            let bits: Vec<String> = c.key_bits.iter().map(u32::to_string).collect();
            let modes: Vec<&str> = c.modes.iter().map(|m| m.label()).collect();
            format!(
                "{} ({}-bit keys: {})",
                c.cipher.to_uppercase(),
                bits.join(", "),
                modes.join(" ")
            )
        })
        .collect();
    if list.is_empty() {
        krate.no_cipher().map_or_else(
            || "pkbench runs no cipher through it".into(),
            str::to_string,
        )
    } else {
        format!("pkbench runs only {} through it", list.join("; "))
    }
}

/// One configuration of a cipher through a library or a crate: a [`Engine`] that takes only
/// its own mode and direction.
pub struct PeerCipher {
    ctx: Mutex<Ctx>,
    mode: Mode,
    dir: Direction,
    block: usize,
    modes: &'static [Mode],
    extra_work: Option<&'static str>,
}

impl PeerCipher {
    /// Who computes it: `gcrypt 1.10.1 (TWOFISH, CBC)`, `openssl 3.0.19 (AES-128-CBC)`,
    /// `aws-lc-rs 1.19.0 (AES 128-bit key, EncryptingKey::ctr)`.
    pub fn implementation(&self) -> Implementation {
        self.ctx
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .implementation()
    }

    /// Work each call does beyond the mode's ([`CrateCipher::extra_work`]); `None` for a
    /// library.
    pub fn extra_work(&self) -> Option<&'static str> {
        self.extra_work
    }
}

/// `spec` in `mode` and direction `dir` with `key`, through `who` (a library or a crate):
/// checked first on the registry's known answers and against pkbench's own engine, or for a
/// cipher pkbench has no code for against the reference modes over the library's own ECB (both
/// directions, [`kat::check_cipher_config`]), then keyed with `key`.
///
/// # Errors
/// `Err(u)`: the library is absent, or it or the crate lacks this cipher, key size or mode
/// (pkbench's own choice is no peer); `Ok(Err(e))`: a check failed or a call failed (a
/// runtime error, one line).
pub fn cipher_engine(
    spec: &CipherSpec,
    mode: Mode,
    dir: Direction,
    key: &[u8],
    who: Choice,
    discovery: Discovery,
) -> std::result::Result<Result<PeerCipher>, Unavailable> {
    // Absent libraries say so before anything is checked.
    Ctx::make(who, discovery, spec, mode, dir, key)?.ok();
    let make = maker(who, discovery);
    match kat::check_cipher_config(spec, mode, &make, &apply) {
        Ok(ConfigCheck::Checked) => {}
        Ok(ConfigCheck::Unavailable(u)) => return Err(u),
        Err(e) => return Ok(Err(Error::runtime(format!("{}: {e}", who.name())))),
    }
    let ctx = match Ctx::make(who, discovery, spec, mode, dir, key)? {
        Ok(c) => c,
        Err(e) => return Ok(Err(e.into())),
    };
    let extra_work = match who {
        Choice::Crate(name) => crates::find(name)
            .and_then(|k| crates::cipher(k, spec.cipher.name))
            .and_then(|c| c.extra_work),
        _ => None,
    };
    Ok(Ok(PeerCipher {
        ctx: Mutex::new(ctx),
        mode,
        dir,
        block: spec.cipher.block_bytes,
        modes: spec.cipher.modes(),
        extra_work,
    }))
}

/// The maker of [`Ctx`]s of `who` (a library or a crate) for [`kat::check_cipher_config`].
fn maker(
    who: Choice,
    discovery: Discovery,
) -> impl Fn(&CipherSpec, Mode, Direction, &[u8]) -> PeerResult<Ctx> {
    move |spec: &CipherSpec, mode: Mode, dir: Direction, key: &[u8]| match Ctx::make(
        who, discovery, spec, mode, dir, key,
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
    let make = maker(Choice::Peer(library), discovery);
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
