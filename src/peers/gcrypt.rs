//! libgcrypt loaded at run time (`libgcrypt.so.20`), the library behind GnuPG: the library of
//! the 2000 GnuPG cipher table and of libgcrypt's own `bench-slope` tables.
//!
//! `gcry_check_version` is called first, as the library requires before any other call; then
//! secure memory is turned off (pkbench keeps no secrets worth locking in memory) and
//! initialisation declared finished (`gcry_control`).
//!
//! What pkbench runs through it, each as a prepared object:
//! - [`Cipher`]: every cipher and mode of `pkbench cipher` (`gcry_cipher_open`, `setkey`
//!   once; per call `setiv` or `setctr` and `gcry_cipher_encrypt`/`decrypt`), including
//!   Twofish, Serpent, IDEA, RFC2268 (40-bit RC2), SEED and Salsa20;
//! - [`Digest`] (`gcrypt/md.rs`): the hashes of libgcrypt's 2013 table ([`HASHES`]: MD4,
//!   MD5, SHA-1, RIPEMD-160, TIGER192, Tiger, SHA-2, WHIRLPOOL, CRC32, CRC24) on a reused
//!   `gcry_md_hd_t`, fed in one write, in fixed-size writes or by the `gcry_md_putc` macro,
//!   and [`Gcrypt::hash_buffer`] (`gcry_md_hash_buffer`, one call);
//! - `gcry_mpi_powm` ([`ModExp`], `gcrypt/mpi.rs`);
//! - [`x25519`]: `gcry_ecc_mul_point` with `GCRY_ECC_CURVE25519` (libgcrypt 1.9 and later).
//!
//! The FFI table mirrors `gcrypt.h` (libgcrypt 1.10).

use super::ffi::{self, ffi_table};
use super::{Discovery, Found, PeerError, PeerResult, Unavailable};
use crate::implementation::Implementation;
use crate::symmetric::{Direction, Mode};
pub use md::{Digest, GcryHash, HASHES, hash};
pub use mpi::{ModExp, Mpi};
use std::ffi::{c_char, c_int, c_uint, c_void};
use std::ptr::{NonNull, null, null_mut};
use std::sync::OnceLock;

/// The implementation name.
pub const NAME: &str = crate::implementation::Library::Gcrypt.name();
/// The file loaded.
pub const SONAME: &str = "libgcrypt.so.20";

/// `gcry_cipher_hd_t`, `gcry_md_hd_t`, `gcry_mpi_t` (gcrypt.h): pointers to opaque structs.
#[repr(C)]
pub(crate) struct Opaque {
    _private: [u8; 0],
}

/// `gcry_error_t` / `gpg_error_t` (gcrypt.h, gpg-error.h): `unsigned int`, the error code in
/// the low 16 bits.
type GcryError = c_uint;
// gpg-error.h: GPG_ERR_INV_KEYLEN = 44
const GPG_ERR_INV_KEYLEN: c_uint = 44;
// gcrypt.h: GCRYCTL_DISABLE_SECMEM = 37, GCRYCTL_INITIALIZATION_FINISHED = 38
const GCRYCTL_DISABLE_SECMEM: c_int = 37;
const GCRYCTL_INITIALIZATION_FINISHED: c_int = 38;
// gcrypt.h: GCRYMPI_FMT_USG = 5 (unsigned big-endian)
const GCRYMPI_FMT_USG: c_int = 5;
// gcrypt.h: GCRY_ECC_CURVE25519 = 1
const GCRY_ECC_CURVE25519: c_int = 1;
// gcrypt.h: GCRY_CIPHER_SALSA20 = 313 (enum gcry_cipher_algos)
const GCRY_CIPHER_SALSA20: c_int = 313;
/// The nonce of GCRY_CIPHER_SALSA20, bytes: `gcry_cipher_setiv` takes 8 (libgcrypt's
/// `cipher/salsa20.c`, `SALSA20_IV_SIZE`), and restarts the keystream at block 0.
const SALSA20_IV_SIZE: usize = 8;

ffi_table! {
    /// The libgcrypt functions pkbench calls (gcrypt.h, libgcrypt 1.10).
    struct Fns {
        // gcrypt.h: const char *gcry_strerror (gcry_error_t err);
        gcry_strerror: fn(GcryError) -> *const c_char;
        // gcrypt.h: gcry_error_t gcry_cipher_open (gcry_cipher_hd_t *handle, int algo, int mode, unsigned int flags);
        gcry_cipher_open: fn(*mut *mut Opaque, c_int, c_int, c_uint) -> GcryError;
        // gcrypt.h: void gcry_cipher_close (gcry_cipher_hd_t h);
        gcry_cipher_close: fn(*mut Opaque);
        // gcrypt.h: gcry_error_t gcry_cipher_setkey (gcry_cipher_hd_t hd, const void *key, size_t keylen);
        gcry_cipher_setkey: fn(*mut Opaque, *const c_void, usize) -> GcryError;
        // gcrypt.h: gcry_error_t gcry_cipher_setiv (gcry_cipher_hd_t hd, const void *iv, size_t ivlen);
        gcry_cipher_setiv: fn(*mut Opaque, *const c_void, usize) -> GcryError;
        // gcrypt.h: gpg_error_t gcry_cipher_setctr (gcry_cipher_hd_t hd, const void *ctr, size_t ctrlen);
        gcry_cipher_setctr: fn(*mut Opaque, *const c_void, usize) -> GcryError;
        // gcrypt.h: gcry_error_t gcry_cipher_encrypt (gcry_cipher_hd_t h, void *out, size_t outsize, const void *in, size_t inlen);
        gcry_cipher_encrypt: fn(*mut Opaque, *mut c_void, usize, *const c_void, usize) -> GcryError;
        // gcrypt.h: gcry_error_t gcry_cipher_decrypt (gcry_cipher_hd_t h, void *out, size_t outsize, const void *in, size_t inlen);
        gcry_cipher_decrypt: fn(*mut Opaque, *mut c_void, usize, *const c_void, usize) -> GcryError;
        // gcrypt.h: size_t gcry_cipher_get_algo_blklen (int algo);
        gcry_cipher_get_algo_blklen: fn(c_int) -> usize;
        // gcrypt.h: const char *gcry_cipher_algo_name (int algorithm);
        gcry_cipher_algo_name: fn(c_int) -> *const c_char;
        // gcrypt.h: gcry_error_t gcry_md_open (gcry_md_hd_t *h, int algo, unsigned int flags);
        gcry_md_open: fn(*mut *mut Opaque, c_int, c_uint) -> GcryError;
        // gcrypt.h: void gcry_md_close (gcry_md_hd_t hd);
        gcry_md_close: fn(*mut Opaque);
        // gcrypt.h: void gcry_md_reset (gcry_md_hd_t hd);
        gcry_md_reset: fn(*mut Opaque);
        // gcrypt.h: void gcry_md_write (gcry_md_hd_t hd, const void *buffer, size_t length);
        gcry_md_write: fn(*mut Opaque, *const c_void, usize);
        // gcrypt.h: unsigned char *gcry_md_read (gcry_md_hd_t hd, int algo);
        gcry_md_read: fn(*mut Opaque, c_int) -> *mut u8;
        // gcrypt.h: unsigned int gcry_md_get_algo_dlen (int algo);
        gcry_md_get_algo_dlen: fn(c_int) -> c_uint;
        // gcrypt.h: void gcry_md_hash_buffer (int algo, void *digest, const void *buffer, size_t length);
        gcry_md_hash_buffer: fn(c_int, *mut c_void, *const c_void, usize);
        // gcrypt.h: gcry_mpi_t gcry_mpi_new (unsigned int nbits);
        gcry_mpi_new: fn(c_uint) -> *mut Opaque;
        // gcrypt.h: void gcry_mpi_release (gcry_mpi_t a);
        gcry_mpi_release: fn(*mut Opaque);
        // gcrypt.h: gcry_error_t gcry_mpi_scan (gcry_mpi_t *ret_mpi, enum gcry_mpi_format format, const void *buffer, size_t buflen, size_t *nscanned);
        gcry_mpi_scan: fn(*mut *mut Opaque, c_int, *const c_void, usize, *mut usize) -> GcryError;
        // gcrypt.h: gcry_error_t gcry_mpi_print (enum gcry_mpi_format format, unsigned char *buffer, size_t buflen, size_t *nwritten, const gcry_mpi_t a);
        gcry_mpi_print: fn(c_int, *mut u8, usize, *mut usize, *const Opaque) -> GcryError;
        // gcrypt.h: unsigned int gcry_mpi_get_nbits (gcry_mpi_t a);
        gcry_mpi_get_nbits: fn(*const Opaque) -> c_uint;
        // gcrypt.h: void gcry_mpi_powm (gcry_mpi_t w, const gcry_mpi_t b, const gcry_mpi_t e, const gcry_mpi_t m);
        gcry_mpi_powm: fn(*mut Opaque, *const Opaque, *const Opaque, *const Opaque);
    }
}

ffi_table! {
    /// X25519 through the Montgomery-curve helper, new in libgcrypt 1.9.
    struct EccFns {
        // gcrypt.h: gpg_error_t gcry_ecc_mul_point (int curveid, unsigned char *result, const unsigned char *scalar, const unsigned char *point);
        gcry_ecc_mul_point: fn(c_int, *mut u8, *const u8, *const u8) -> GcryError;
    }
}

/// The loaded libgcrypt: its functions, the optional part, its version.
pub struct Gcrypt {
    _lib: libloading::Library,
    f: Fns,
    ecc: Result<EccFns, Unavailable>,
    found: Found,
}

static GCRYPT: OnceLock<Result<Gcrypt, Unavailable>> = OnceLock::new();

/// Loads `libgcrypt.so.20` (once per process): `gcry_check_version` (which initialises the
/// library, and whose answer is the version reported; libgcrypt 1.x from 1.6, the versions
/// behind this soname), then `gcry_control` to turn secure memory off and finish
/// initialisation.
///
/// # Errors
/// [`Unavailable::Off`] when `discovery` is off (nothing is loaded), else why the library
/// cannot be used.
pub fn load(discovery: Discovery) -> Result<&'static Gcrypt, Unavailable> {
    if !discovery.enabled {
        return Err(Unavailable::Off);
    }
    GCRYPT.get_or_init(open).as_ref().map_err(Clone::clone)
}

fn open() -> Result<Gcrypt, Unavailable> {
    let lib = ffi::open(SONAME)?;
    // gcrypt.h: const char *gcry_check_version (const char *req_version);
    type CheckVersion = unsafe extern "C" fn(*const c_char) -> *const c_char;
    // gcrypt.h: gcry_error_t gcry_control (enum gcry_ctl_cmds CMD, ...);
    type Control = unsafe extern "C" fn(c_int, ...) -> GcryError;
    let check = ffi::symbol::<CheckVersion>(&lib, "gcry_check_version\0")
        .ok_or_else(|| ffi::missing(NAME, "gcry_check_version", "the version check"))?;
    let control = ffi::symbol::<Control>(&lib, "gcry_control\0")
        .ok_or_else(|| ffi::missing(NAME, "gcry_control", "initialisation"))?;
    // SAFETY: with NULL, gcry_check_version initialises the library and returns its static
    // version string.
    let version = ffi::c_text(unsafe { check(null()) }).unwrap_or_default();
    match super::major_minor(&version) {
        Some((1, minor)) if minor >= 6 => {}
        _ => {
            return Err(Unavailable::Version {
                library: NAME.into(),
                found: version,
                expected: "1.6 or later 1.x (libgcrypt.so.20)".into(),
            });
        }
    }
    // SAFETY: both commands take one int argument, as gcrypt.h's examples pass it.
    unsafe {
        control(GCRYCTL_DISABLE_SECMEM, 0 as c_int);
        control(GCRYCTL_INITIALIZATION_FINISHED, 0 as c_int);
    }
    let f = Fns::resolve(&lib).map_err(|s| ffi::missing(NAME, s, "pkbench's use of libgcrypt"))?;
    let ecc = EccFns::resolve(&lib)
        .map_err(|s| ffi::missing(NAME, s, "X25519 (libgcrypt 1.9 and later)"));
    Ok(Gcrypt {
        _lib: lib,
        f,
        ecc,
        found: Found {
            name: NAME,
            soname: SONAME,
            text: version.clone(),
            version,
        },
    })
}

impl Gcrypt {
    /// What the library says about itself.
    pub fn found(&self) -> &Found {
        &self.found
    }

    /// The implementation of an operation computed through `variant`.
    pub fn implementation(&self, variant: &str) -> Implementation {
        self.found.implementation(variant)
    }

    /// Whether this libgcrypt has X25519 (`gcry_ecc_mul_point`, 1.9 and later).
    ///
    /// # Errors
    /// [`Unavailable::MissingSymbol`] when it has not.
    pub fn has_x25519(&self) -> Result<(), Unavailable> {
        self.ecc.as_ref().map(drop).map_err(Clone::clone)
    }

    /// `gcry_strerror`'s text for an error.
    fn error_text(&self, err: GcryError) -> String {
        // SAFETY: gcry_strerror returns a static string.
        ffi::c_text(unsafe { (self.f.gcry_strerror)(err) })
            .map(|t| ffi::one_line(&t))
            .unwrap_or_else(|| format!("error {err}"))
    }

    fn check(&self, err: GcryError, call: &'static str) -> PeerResult<()> {
        if err == 0 {
            Ok(())
        } else {
            Err(PeerError::Call {
                library: NAME,
                call,
                detail: self.error_text(err),
            })
        }
    }
}

/// A handle libgcrypt allocated, released with its close or release function on drop.
struct Handle {
    ptr: NonNull<Opaque>,
    free: unsafe extern "C" fn(*mut Opaque),
}

impl Handle {
    fn ptr(&self) -> *mut Opaque {
        self.ptr.as_ptr()
    }
}

impl Drop for Handle {
    fn drop(&mut self) {
        // SAFETY: the handle came from the matching open/new call and is released once.
        unsafe { (self.free)(self.ptr.as_ptr()) }
    }
}

// SAFETY: libgcrypt handles may be used from any thread, one at a time; the wrappers change
// them through `&mut self` only.
unsafe impl Send for Handle {}

/// libgcrypt's algorithm number for pkbench's cipher `algo` (a registry name) with a key of
/// `key_bytes` bytes (gcrypt.h's `enum gcry_cipher_algos`).
///
/// # Errors
/// [`Unavailable::Unsupported`] for a key size libgcrypt has no algorithm for.
pub fn cipher_algo(algo: &str, key_bytes: usize) -> Result<c_int, Unavailable> {
    let unsupported = || Unavailable::Unsupported {
        library: NAME.into(),
        what: format!("{algo} with a {key_bytes}-byte key"),
        why: "libgcrypt has no such algorithm".into(),
    };
    Ok(match (algo, key_bytes) {
        // GCRY_CIPHER_DES = 302, GCRY_CIPHER_3DES = 2
        ("des", _) => 302,
        ("3des", _) => 2,
        // GCRY_CIPHER_AES = 7, AES192 = 8, AES256 = 9
        ("aes", 16) => 7,
        ("aes", 24) => 8,
        ("aes", 32) => 9,
        // GCRY_CIPHER_CAST5 = 3, BLOWFISH = 4, IDEA = 1
        ("cast5", _) => 3,
        ("blowfish", _) => 4,
        ("idea", _) => 1,
        // GCRY_CIPHER_TWOFISH = 10 (256-bit), TWOFISH128 = 303
        ("twofish", 16) => 303,
        ("twofish", _) => 10,
        // GCRY_CIPHER_SERPENT128 = 304, SERPENT192 = 305, SERPENT256 = 306
        ("serpent", 16) => 304,
        ("serpent", 24) => 305,
        ("serpent", 32) => 306,
        // GCRY_CIPHER_CAMELLIA128 = 310, CAMELLIA192 = 311, CAMELLIA256 = 312
        ("camellia", 16) => 310,
        ("camellia", 24) => 311,
        ("camellia", 32) => 312,
        // GCRY_CIPHER_RFC2268_40 = 307, RFC2268_128 = 308 (effective bits = key bits)
        ("rc2", 5) => 307,
        ("rc2", _) => 308,
        // GCRY_CIPHER_ARCFOUR = 301, SEED = 309
        ("arcfour", _) => 301,
        ("seed", 16) => 309,
        // gcrypt.h: GCRY_CIPHER_SALSA20 = 313 (Salsa20/20; 256-bit key here, 8-byte nonce)
        ("salsa20", 32) => GCRY_CIPHER_SALSA20,
        _ => return Err(unsupported()),
    })
}

/// libgcrypt's mode number (gcrypt.h's `enum gcry_cipher_modes`).
fn mode_number(mode: Mode) -> c_int {
    match mode {
        // GCRY_CIPHER_MODE_ECB = 1, CFB = 2, CBC = 3, STREAM = 4, OFB = 5, CTR = 6
        Mode::Ecb => 1,
        Mode::Cfb => 2,
        Mode::Cbc => 3,
        Mode::Stream => 4,
        Mode::Ofb => 5,
        Mode::Ctr => 6,
    }
}

/// A keyed cipher in one mode and direction through libgcrypt, prepared for timing: the
/// handle is opened and keyed once; each [`Cipher::apply`] sets the IV (`gcry_cipher_setiv`,
/// or `gcry_cipher_setctr` for CTR: the whole block a big-endian counter) and makes one
/// `gcry_cipher_encrypt` or `decrypt` call, so its output depends only on (key, IV, input),
/// as pkbench's engines do. ARCFOUR has no IV: each call keys it again (keystream from offset
/// 0), as pkbench's ARCFOUR engine does. Salsa20 takes its 8-byte nonce as the IV: each call
/// sets it (`gcry_cipher_setiv`, which restarts the keystream at block 0), as pkbench's
/// Salsa20 engine starts each call from the key and the nonce.
pub struct Cipher {
    g: &'static Gcrypt,
    hd: Handle,
    key: Vec<u8>,
    mode: Mode,
    dir: Direction,
    block: usize,
    /// A stream cipher's nonce length (Salsa20's 8), 0 for none (ARCFOUR) and block ciphers.
    nonce: usize,
    variant: String,
}

impl Cipher {
    /// pkbench's cipher `algo` (a registry name) with `key` in `mode` and
    /// direction `dir`. (RC2's effective key bits are the key's bits in libgcrypt: 40 for a
    /// 5-byte key, as RFC2268_40.)
    ///
    /// # Errors
    /// [`PeerError::Unavailable`] for a configuration libgcrypt lacks (a key length it
    /// refuses, such as a 5-byte CAST5 key); [`PeerError::Call`] when it fails otherwise.
    pub fn new(
        g: &'static Gcrypt,
        algo: &str,
        key: &[u8],
        mode: Mode,
        dir: Direction,
    ) -> PeerResult<Cipher> {
        let number = cipher_algo(algo, key.len())?;
        // SAFETY: valid algorithm number; returns a static name.
        let name = ffi::c_text(unsafe { (g.f.gcry_cipher_algo_name)(number) })
            .unwrap_or_else(|| number.to_string());
        let mut hd: *mut Opaque = null_mut();
        // SAFETY: writes the new handle or leaves NULL on error.
        let err = unsafe { (g.f.gcry_cipher_open)(&mut hd, number, mode_number(mode), 0) };
        if err != 0 {
            return Err(Unavailable::Unsupported {
                library: NAME.into(),
                what: format!("{name} {}", mode.label()),
                why: format!("gcry_cipher_open: {}", g.error_text(err)),
            }
            .into());
        }
        let hd = Handle {
            ptr: NonNull::new(hd).ok_or(PeerError::Call {
                library: NAME,
                call: "gcry_cipher_open",
                detail: "no handle".into(),
            })?,
            free: g.f.gcry_cipher_close,
        };
        // SAFETY: reads `key.len()` bytes.
        let err = unsafe { (g.f.gcry_cipher_setkey)(hd.ptr(), key.as_ptr().cast(), key.len()) };
        if err & 0xffff == GPG_ERR_INV_KEYLEN {
            return Err(Unavailable::Unsupported {
                library: NAME.into(),
                what: format!("{name} with a {}-byte key", key.len()),
                why: "libgcrypt refuses the key length".into(),
            }
            .into());
        }
        g.check(err, "gcry_cipher_setkey")?;
        // SAFETY: a valid algorithm number.
        let block = unsafe { (g.f.gcry_cipher_get_algo_blklen)(number) }.max(1);
        Ok(Cipher {
            g,
            hd,
            key: key.to_vec(),
            mode,
            dir,
            block,
            nonce: if number == GCRY_CIPHER_SALSA20 {
                SALSA20_IV_SIZE
            } else {
                0
            },
            variant: format!("{name}, {}", mode.label()),
        })
    }

    /// Block size in bytes (1 for ARCFOUR).
    pub fn block_bytes(&self) -> usize {
        self.block
    }

    /// The timed operation: `input` into `output` from a fresh state made from `iv` (ignored
    /// in ECB and by ARCFOUR).
    ///
    /// # Errors
    /// [`PeerError::Input`] when the lengths differ or are not whole blocks, or the IV is not
    /// one block; [`PeerError::Call`] when libgcrypt fails.
    pub fn apply(&mut self, iv: &[u8], input: &[u8], output: &mut [u8]) -> PeerResult<()> {
        if input.len() != output.len() || !input.len().is_multiple_of(self.block) {
            return Err(PeerError::Input {
                library: NAME,
                problem: format!(
                    "{}: input and output must be the same whole number of {}-byte blocks ({} and {} bytes)",
                    self.variant,
                    self.block,
                    input.len(),
                    output.len()
                ),
            });
        }
        let f = &self.g.f;
        let hd = self.hd.ptr();
        match self.mode {
            Mode::Ecb => {}
            Mode::Stream if self.nonce > 0 => {
                if iv.len() != self.nonce {
                    return Err(PeerError::Input {
                        library: NAME,
                        problem: format!(
                            "{} takes a {}-byte nonce, not {} bytes",
                            self.variant,
                            self.nonce,
                            iv.len()
                        ),
                    });
                }
                // SAFETY: reads the nonce, `iv.len()` bytes.
                let err = unsafe { (f.gcry_cipher_setiv)(hd, iv.as_ptr().cast(), iv.len()) };
                self.g.check(err, "gcry_cipher_setiv")?;
            }
            Mode::Stream => {
                // SAFETY: reads the key (accepted when the handle was made).
                let err =
                    unsafe { (f.gcry_cipher_setkey)(hd, self.key.as_ptr().cast(), self.key.len()) };
                self.g.check(err, "gcry_cipher_setkey")?;
            }
            mode => {
                if iv.len() != self.block {
                    return Err(PeerError::Input {
                        library: NAME,
                        problem: format!(
                            "{} takes a {}-byte IV, not {} bytes",
                            self.variant,
                            self.block,
                            iv.len()
                        ),
                    });
                }
                // SAFETY: reads one block.
                let (err, call) = if mode == Mode::Ctr {
                    (
                        unsafe { (f.gcry_cipher_setctr)(hd, iv.as_ptr().cast(), iv.len()) },
                        "gcry_cipher_setctr",
                    )
                } else {
                    (
                        unsafe { (f.gcry_cipher_setiv)(hd, iv.as_ptr().cast(), iv.len()) },
                        "gcry_cipher_setiv",
                    )
                };
                self.g.check(err, call)?;
            }
        }
        let (fun, call) = match self.dir {
            Direction::Encrypt => (f.gcry_cipher_encrypt, "gcry_cipher_encrypt"),
            Direction::Decrypt => (f.gcry_cipher_decrypt, "gcry_cipher_decrypt"),
        };
        // SAFETY: reads `input.len()` bytes, writes as many into `output` (same length).
        let err = unsafe {
            fun(
                hd,
                output.as_mut_ptr().cast(),
                output.len(),
                input.as_ptr().cast(),
                input.len(),
            )
        };
        self.g.check(err, call)
    }

    /// Who computes it: `gcrypt VERSION (TWOFISH, CFB)`.
    pub fn implementation(&self) -> Implementation {
        self.g.implementation(&self.variant)
    }
}

/// X25519 (RFC 7748 §5) through `gcry_ecc_mul_point(GCRY_ECC_CURVE25519, …)`: the scalar
/// (32 bytes, clamped by the library) times the u-coordinate `point` (32 bytes; the base
/// point u = 9 for key generation), into `out`. No state: one call per operation.
///
/// # Errors
/// [`PeerError::Unavailable`] when this libgcrypt has no `gcry_ecc_mul_point`;
/// [`PeerError::Input`] for other lengths; [`PeerError::Call`] when libgcrypt fails.
pub fn x25519(g: &Gcrypt, scalar: &[u8], point: &[u8], out: &mut [u8]) -> PeerResult<()> {
    let ecc = g
        .ecc
        .as_ref()
        .map_err(|u| PeerError::Unavailable(u.clone()))?;
    if scalar.len() != 32 || point.len() != 32 || out.len() != 32 {
        return Err(PeerError::Input {
            library: NAME,
            problem: "X25519 scalars, points and results are 32 bytes".into(),
        });
    }
    // SAFETY: reads 32 bytes of scalar and point, writes 32 bytes.
    let err = unsafe {
        (ecc.gcry_ecc_mul_point)(
            GCRY_ECC_CURVE25519,
            out.as_mut_ptr(),
            scalar.as_ptr(),
            point.as_ptr(),
        )
    };
    g.check(err, "gcry_ecc_mul_point")
}

/// The X25519 base point, u = 9 (RFC 7748 §4.1), little-endian.
pub const X25519_BASE: [u8; 32] = {
    let mut b = [0u8; 32];
    b[0] = 9;
    b
};

/// Who computes [`x25519`].
pub fn x25519_implementation(g: &Gcrypt) -> Implementation {
    g.implementation("gcry_ecc_mul_point, Curve25519")
}

mod md;
mod mpi;

#[cfg(test)]
mod tests;
