//! Digests and ciphers through OpenSSL's EVP layer: [`Digest`] (`EVP_Digest*` on a reused
//! context) and [`Cipher`] (`EVP_CipherInit_ex2` once with the key, then per call the IV and
//! `EVP_CipherUpdate`). Algorithms are fetched from the default provider; one it lacks (MD4,
//! single DES, CAST5, Blowfish, IDEA, RC2, RC4, SEED in OpenSSL 3) is fetched again after
//! loading the legacy provider, and the implementation's variant names the provider that
//! answered.

use super::{
    EVP_CIPHER, EVP_CIPHER_CTX, EVP_MD, EVP_MD_CTX, NAME, OSSL_LIB_CTX, OSSL_PROVIDER, OpenSsl,
    OsslParam, Owned,
};
use crate::implementation::Implementation;
use crate::peers::ffi;
use crate::peers::{PeerError, PeerResult, Unavailable};
use crate::symmetric::{Direction, Mode};
use std::ffi::{CString, c_char, c_int, c_uint};
use std::ptr::{null, null_mut};

type FetchFn<T> = unsafe extern "C" fn(*mut OSSL_LIB_CTX, *const c_char, *const c_char) -> *mut T;
type ProviderFn<T> = unsafe extern "C" fn(*const T) -> *const OSSL_PROVIDER;

/// Fetches the algorithm `name`, loading the legacy provider when the default one lacks it;
/// returns it with the name of the provider that has it.
fn fetch<T>(
    ssl: &'static OpenSsl,
    name: &str,
    fetch: FetchFn<T>,
    free: unsafe extern "C" fn(*mut T),
    provider: ProviderFn<T>,
    call: &'static str,
) -> PeerResult<(Owned<T>, String)> {
    let c = CString::new(name).map_err(|_| PeerError::Input {
        library: NAME,
        problem: format!("{name:?} is no algorithm name"),
    })?;
    // SAFETY: NULL library context and properties; the name is NUL-terminated. Returns a
    // new reference or NULL.
    let mut p = unsafe { fetch(null_mut(), c.as_ptr(), null()) };
    if p.is_null() {
        let _ = ssl.error_text();
        if let Err(why) = ssl.load_legacy() {
            return Err(Unavailable::Unsupported {
                library: NAME.into(),
                what: name.into(),
                why: format!("not in the default provider, and {why}"),
            }
            .into());
        }
        // SAFETY: as above.
        p = unsafe { fetch(null_mut(), c.as_ptr(), null()) };
        if p.is_null() {
            let _ = ssl.error_text();
            return Err(Unavailable::Unsupported {
                library: NAME.into(),
                what: name.into(),
                why: "not in this OpenSSL's default or legacy provider".into(),
            }
            .into());
        }
    }
    let owned = ssl.own(p, free, call)?;
    // SAFETY: a valid algorithm; the provider and its name are owned by OpenSSL.
    let prov = unsafe { provider(owned.ptr()) };
    let prov_name = if prov.is_null() {
        "unknown".to_string()
    } else {
        ffi::c_text(unsafe { (ssl.f.OSSL_PROVIDER_get0_name)(prov) })
            .unwrap_or_else(|| "unknown".into())
    };
    Ok((owned, prov_name))
}

/// A message digest through `EVP_DigestInit_ex` / `EVP_DigestUpdate` / `EVP_DigestFinal_ex`
/// on one reused `EVP_MD_CTX`, with the algorithm fetched once. (OpenSSL 3.0 may re-create
/// the provider's digest state inside the context at each init, as its own `openssl speed
/// -evp` does with `EVP_Digest`.)
pub struct Digest {
    ssl: &'static OpenSsl,
    md: Owned<EVP_MD>,
    ctx: Owned<EVP_MD_CTX>,
    size: usize,
    name: String,
    provider: String,
}

// SAFETY: as `Owned`.
unsafe impl Send for Digest {}

impl Digest {
    /// The digest OpenSSL calls `name` (`MD4`, `MD5`, `SHA1`, …).
    ///
    /// # Errors
    /// [`PeerError::Unavailable`] when neither the default nor the legacy provider has it;
    /// [`PeerError::Call`] when OpenSSL fails to allocate.
    pub fn new(ssl: &'static OpenSsl, name: &str) -> PeerResult<Digest> {
        let f = &ssl.f;
        let (md, provider) = fetch(
            ssl,
            name,
            f.EVP_MD_fetch,
            f.EVP_MD_free,
            f.EVP_MD_get0_provider,
            "EVP_MD_fetch",
        )?;
        // SAFETY: a valid digest; EVP_MD_CTX_new takes nothing.
        let size = unsafe { (f.EVP_MD_get_size)(md.ptr()) };
        let ctx = ssl.own(
            unsafe { (f.EVP_MD_CTX_new)() },
            f.EVP_MD_CTX_free,
            "EVP_MD_CTX_new",
        )?;
        Ok(Digest {
            ssl,
            md,
            ctx,
            size: usize::try_from(size).unwrap_or(0),
            name: name.to_string(),
            provider,
        })
    }

    /// Digest length in bytes.
    pub fn output_bytes(&self) -> usize {
        self.size
    }

    /// The provider that has it (`default`, `legacy`).
    pub fn provider(&self) -> &str {
        &self.provider
    }

    /// The timed operation: the digest of `data` into `out` ([`Digest::output_bytes`]
    /// long).
    ///
    /// # Errors
    /// [`PeerError::Input`] for another output length; [`PeerError::Call`] when OpenSSL
    /// fails.
    pub fn digest_into(&mut self, data: &[u8], out: &mut [u8]) -> PeerResult<()> {
        if out.len() != self.size {
            return Err(PeerError::Input {
                library: NAME,
                problem: format!("{} gives {} bytes, not {}", self.name, self.size, out.len()),
            });
        }
        let f = &self.ssl.f;
        let mut len: c_uint = 0;
        // SAFETY: valid context and digest; reads `data`, writes `size` bytes into `out`.
        unsafe {
            self.ssl.check(
                (f.EVP_DigestInit_ex)(self.ctx.ptr(), self.md.ptr(), null_mut()),
                "EVP_DigestInit_ex",
            )?;
            self.ssl.check(
                (f.EVP_DigestUpdate)(self.ctx.ptr(), data.as_ptr().cast(), data.len()),
                "EVP_DigestUpdate",
            )?;
            self.ssl.check(
                (f.EVP_DigestFinal_ex)(self.ctx.ptr(), out.as_mut_ptr(), &mut len),
                "EVP_DigestFinal_ex",
            )?;
        }
        debug_assert_eq!(len as usize, self.size);
        Ok(())
    }

    /// The digest of `data` (not for timing).
    ///
    /// # Errors
    /// As [`Digest::digest_into`].
    pub fn digest(&mut self, data: &[u8]) -> PeerResult<Vec<u8>> {
        let mut out = vec![0u8; self.size];
        self.digest_into(data, &mut out)?;
        Ok(out)
    }

    /// Who computes it: `openssl VERSION (MD4, legacy provider)`.
    pub fn implementation(&self) -> Implementation {
        self.ssl
            .implementation(&format!("{}, {} provider", self.name, self.provider))
    }
}

/// OpenSSL's name for pkbench's digest `name` (the hash registry's names): `md4` → `MD4`,
/// `md5` → `MD5`, `sha1` → `SHA1`, `sha256` → `SHA256`.
///
/// # Errors
/// [`Unavailable::Unsupported`] for a hash OpenSSL does not have (SHA-0, HAVAL).
pub fn digest_name(name: &str) -> Result<&'static str, Unavailable> {
    Ok(match name {
        "md4" => "MD4",
        "md5" => "MD5",
        "sha1" => "SHA1",
        "sha256" => "SHA256",
        _ => {
            return Err(Unavailable::Unsupported {
                library: NAME.into(),
                what: name.into(),
                why: "OpenSSL 3 has no such digest".into(),
            });
        }
    })
}

/// OpenSSL's cipher name for pkbench's cipher `algo` (a name of the cipher registry) with a key of `key_bytes` bytes in `mode`: `AES-128-CBC`, `DES-EDE3-CFB` (CFB is
/// full-block feedback, as pkbench's), `BF-OFB`, `RC4`, ….
///
/// # Errors
/// [`Unavailable::Unsupported`] for a cipher or mode OpenSSL does not have (Twofish,
/// Serpent; CTR for the 64-bit-block ciphers and SEED).
pub fn cipher_name(algo: &str, key_bytes: usize, mode: Mode) -> Result<String, Unavailable> {
    let unsupported = |why: &str| Unavailable::Unsupported {
        library: NAME.into(),
        what: format!("{algo} {}", mode.label()),
        why: why.into(),
    };
    let m = match mode {
        Mode::Ecb => "ECB",
        Mode::Cbc => "CBC",
        Mode::Cfb => "CFB",
        Mode::Ofb => "OFB",
        Mode::Ctr => "CTR",
        Mode::Stream => "",
    };
    let block_prefix = match algo {
        "aes" | "camellia" => {
            if mode == Mode::Stream {
                return Err(unsupported("a block cipher has no stream mode"));
            }
            let family = if algo == "aes" { "AES" } else { "CAMELLIA" };
            return Ok(format!("{family}-{}-{m}", key_bytes * 8));
        }
        "arcfour" => {
            return if mode == Mode::Stream {
                Ok("RC4".into())
            } else {
                Err(unsupported("a stream cipher has no block modes"))
            };
        }
        "des" => "DES",
        "3des" => "DES-EDE3",
        "cast5" => "CAST5",
        "blowfish" => "BF",
        "idea" => "IDEA",
        "rc2" => "RC2",
        "seed" => "SEED",
        "twofish" => return Err(unsupported("OpenSSL has no Twofish")),
        "serpent" => return Err(unsupported("OpenSSL has no Serpent")),
        "salsa20" => return Err(unsupported("OpenSSL has no Salsa20")),
        _ => return Err(unsupported("not a cipher pkbench knows")),
    };
    match mode {
        Mode::Stream => Err(unsupported("a block cipher has no stream mode")),
        Mode::Ctr => Err(unsupported(
            "OpenSSL has CTR mode for AES and Camellia only",
        )),
        _ => Ok(format!("{block_prefix}-{m}")),
    }
}

/// Whether OpenSSL takes keys of several lengths for `algo` (so the length is set as the
/// `keylen` parameter).
fn variable_key(algo: &str) -> bool {
    matches!(algo, "cast5" | "blowfish" | "rc2" | "arcfour")
}

/// A keyed cipher in one mode and direction through OpenSSL's EVP layer, prepared for
/// timing: the algorithm is fetched and the key schedule made once; each
/// [`Cipher::apply`] sets the IV (`EVP_CipherInit_ex2` with no key: the schedule is kept) and
/// runs one `EVP_CipherUpdate`, so that its output depends only on (key, IV, input), as
/// pkbench's own engines do. RC4 has no IV: each call keys it again (its keystream from
/// offset 0, as pkbench's ARCFOUR engine does).
pub struct Cipher {
    ssl: &'static OpenSsl,
    _cipher: Owned<EVP_CIPHER>,
    ctx: Owned<EVP_CIPHER_CTX>,
    key: Vec<u8>,
    block: usize,
    iv_len: usize,
    mode: Mode,
    name: String,
    provider: String,
}

// SAFETY: as `Owned`.
unsafe impl Send for Cipher {}

impl Cipher {
    /// pkbench's cipher `algo` (a registry name, or `seed`) with `key` in `mode` and
    /// direction `dir`; `key_bits` is the size as the registry gives it (RC2: the effective
    /// key bits of RFC 2268, set as OpenSSL's `keybits`).
    ///
    /// # Errors
    /// [`PeerError::Unavailable`] for a cipher or mode OpenSSL lacks (see [`cipher_name`],
    /// and algorithms in neither provider, such as IDEA in a build without it);
    /// [`PeerError::Input`] for a key of a length OpenSSL does not take for it;
    /// [`PeerError::Call`] when OpenSSL fails.
    pub fn new(
        ssl: &'static OpenSsl,
        algo: &str,
        key_bits: u32,
        key: &[u8],
        mode: Mode,
        dir: Direction,
    ) -> PeerResult<Cipher> {
        if matches!(algo, "aes" | "camellia") && ![16, 24, 32].contains(&key.len()) {
            return Err(PeerError::Input {
                library: NAME,
                problem: format!("{algo} takes keys of 16, 24 or 32 bytes, not {}", key.len()),
            });
        }
        let name = cipher_name(algo, key.len(), mode)?;
        let f = &ssl.f;
        let (cipher, provider) = fetch(
            ssl,
            &name,
            f.EVP_CIPHER_fetch,
            f.EVP_CIPHER_free,
            f.EVP_CIPHER_get0_provider,
            "EVP_CIPHER_fetch",
        )?;
        // SAFETY: EVP_CIPHER_CTX_new takes nothing.
        let ctx = ssl.own(
            unsafe { (f.EVP_CIPHER_CTX_new)() },
            f.EVP_CIPHER_CTX_free,
            "EVP_CIPHER_CTX_new",
        )?;
        let enc: c_int = match dir {
            Direction::Encrypt => 1,
            Direction::Decrypt => 0,
        };
        let keylen = key.len().to_ne_bytes();
        let keybits = (key_bits as usize).to_ne_bytes();
        let mut params = Vec::new();
        if variable_key(algo) {
            params.push(OsslParam::unsigned(b"keylen\0", &keylen));
        }
        if algo == "rc2" {
            params.push(OsslParam::unsigned(b"keybits\0", &keybits));
        }
        params.push(OsslParam::end());
        // SAFETY: valid context and cipher; no key or IV yet; the parameter array is
        // terminated and outlives the call.
        ssl.check(
            unsafe {
                (f.EVP_CipherInit_ex2)(
                    ctx.ptr(),
                    cipher.ptr(),
                    null(),
                    null(),
                    enc,
                    params.as_ptr(),
                )
            },
            "EVP_CipherInit_ex2",
        )?;
        // SAFETY: valid context.
        let want = unsafe { (f.EVP_CIPHER_CTX_get_key_length)(ctx.ptr()) };
        if usize::try_from(want).ok() != Some(key.len()) {
            return Err(PeerError::Input {
                library: NAME,
                problem: format!("{name} takes a {want}-byte key, not {} bytes", key.len()),
            });
        }
        // SAFETY: the key has the length the context expects (checked above).
        ssl.check(
            unsafe { (f.EVP_CipherInit_ex2)(ctx.ptr(), null(), key.as_ptr(), null(), enc, null()) },
            "EVP_CipherInit_ex2",
        )?;
        // SAFETY: valid context and cipher.
        let (block, iv_len) = unsafe {
            ssl.check(
                (f.EVP_CIPHER_CTX_set_padding)(ctx.ptr(), 0),
                "EVP_CIPHER_CTX_set_padding",
            )?;
            (
                (f.EVP_CIPHER_get_block_size)(cipher.ptr()),
                (f.EVP_CIPHER_CTX_get_iv_length)(ctx.ptr()),
            )
        };
        Ok(Cipher {
            ssl,
            _cipher: cipher,
            ctx,
            key: key.to_vec(),
            // OpenSSL gives 1 for its stream-like modes (CFB, OFB, CTR): pkbench's
            // engines take whole blocks in every block mode, so the cipher's block counts.
            block: match mode {
                Mode::Stream => 1,
                _ => block_bytes(algo),
            }
            .max(usize::try_from(block).unwrap_or(1)),
            iv_len: usize::try_from(iv_len).unwrap_or(0),
            mode,
            name,
            provider,
        })
    }

    /// OpenSSL's name of the configuration (`AES-128-CBC`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The provider that has it (`default`, `legacy`).
    pub fn provider(&self) -> &str {
        &self.provider
    }

    /// Block size in bytes (1 for RC4).
    pub fn block_bytes(&self) -> usize {
        self.block
    }

    /// The timed operation: `input` into `output` from a fresh state made from `iv` (ignored
    /// in ECB and by RC4), the same contract as pkbench's own engines
    /// (`symmetric::Engine::apply`).
    ///
    /// # Errors
    /// [`PeerError::Input`] when the lengths differ or are not whole blocks, or the IV has
    /// the wrong length; [`PeerError::Call`] when OpenSSL fails.
    pub fn apply(&mut self, iv: &[u8], input: &[u8], output: &mut [u8]) -> PeerResult<()> {
        let bad = |problem: String| PeerError::Input {
            library: NAME,
            problem,
        };
        if input.len() != output.len() || !input.len().is_multiple_of(self.block) {
            return Err(bad(format!(
                "{}: input and output must be the same whole number of {}-byte blocks ({} and {} bytes)",
                self.name,
                self.block,
                input.len(),
                output.len()
            )));
        }
        let inl = c_int::try_from(input.len())
            .map_err(|_| bad("a buffer longer than 2^31 bytes".into()))?;
        let f = &self.ssl.f;
        let ctx = self.ctx.ptr();
        match self.mode {
            Mode::Ecb => {}
            Mode::Stream => {
                // SAFETY: the key has the context's length (checked when made).
                self.ssl.check(
                    unsafe {
                        (f.EVP_CipherInit_ex2)(ctx, null(), self.key.as_ptr(), null(), -1, null())
                    },
                    "EVP_CipherInit_ex2",
                )?;
            }
            _ => {
                if iv.len() != self.iv_len {
                    return Err(bad(format!(
                        "{} takes a {}-byte IV, not {} bytes",
                        self.name,
                        self.iv_len,
                        iv.len()
                    )));
                }
                // SAFETY: the IV has the context's length; the key schedule is kept.
                self.ssl.check(
                    unsafe { (f.EVP_CipherInit_ex2)(ctx, null(), null(), iv.as_ptr(), -1, null()) },
                    "EVP_CipherInit_ex2",
                )?;
            }
        }
        let mut outl: c_int = 0;
        // SAFETY: reads `inl` bytes, writes at most `inl` bytes (no padding, whole blocks).
        let ok = unsafe {
            (f.EVP_CipherUpdate)(ctx, output.as_mut_ptr(), &mut outl, input.as_ptr(), inl)
        };
        self.ssl.check(ok, "EVP_CipherUpdate")?;
        if outl != inl {
            return Err(PeerError::Call {
                library: NAME,
                call: "EVP_CipherUpdate",
                detail: format!("{outl} bytes out for {inl} in"),
            });
        }
        Ok(())
    }

    /// Who computes it: `openssl VERSION (AES-128-CBC, default provider)`.
    pub fn implementation(&self) -> Implementation {
        self.ssl
            .implementation(&format!("{}, {} provider", self.name, self.provider))
    }
}

/// The block size of pkbench's cipher `algo` in bytes (1 for a stream cipher).
fn block_bytes(algo: &str) -> usize {
    match algo {
        "aes" | "camellia" | "seed" | "twofish" | "serpent" => 16,
        "arcfour" => 1,
        _ => 8,
    }
}
