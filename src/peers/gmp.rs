//! GNU MP loaded at run time (`libgmp.so.10`): `mpz_powm` and `mpz_powm_sec` for mod-p
//! Diffie-Hellman and raw RSA, so a build without the `gmp` feature has GMP figures too.
//! (The `gmp` feature links its own GMP through rug, configured for this CPU by
//! `scripts/gmp-native.sh`; this module uses the system's, as a C program would.)
//!
//! GMP's functions are macros in `gmp.h` (`#define mpz_powm __gmpz_powm`): the table below
//! names the real symbols. `mpz_t` is `__mpz_struct[1]`, a small struct (`_mp_alloc`,
//! `_mp_size`, `_mp_d`) that [`Int`] holds and clears on drop.
//!
//! Use: [`load`] (once per process), then [`ModExp::new`] with the modulus, operands made
//! with [`ModExp::operand`] before timing, and [`ModExp::pow`] per timed operation: it
//! writes into the prepared result (GMP may grow its limbs on the first calls; after that
//! nothing is allocated).

use super::ffi::{self, ffi_table};
use super::{Discovery, Found, PeerError, PeerResult, Unavailable};
use crate::implementation::Implementation;
use std::ffi::{c_char, c_int, c_void};
use std::sync::OnceLock;

/// The implementation name.
pub const NAME: &str = crate::implementation::Library::Gmp.name();
/// The file loaded.
pub const SONAME: &str = "libgmp.so.10";

/// `__mpz_struct` (gmp.h): `typedef struct { int _mp_alloc; int _mp_size; mp_limb_t *_mp_d; }
/// __mpz_struct;`. GMP keeps no pointer to the struct itself, so it may move.
#[repr(C)]
pub(crate) struct MpzStruct {
    alloc: c_int,
    size: c_int,
    d: *mut c_void,
}

ffi_table! {
    /// The GMP functions pkbench calls.
    struct Fns {
        // gmp.h: void mpz_init (mpz_ptr);  [#define mpz_init __gmpz_init]
        __gmpz_init: fn(*mut MpzStruct);
        // gmp.h: void mpz_clear (mpz_ptr);  [#define mpz_clear __gmpz_clear]
        __gmpz_clear: fn(*mut MpzStruct);
        // gmp.h: void mpz_import (mpz_ptr, size_t, int, size_t, int, size_t, const void *);
        __gmpz_import: fn(*mut MpzStruct, usize, c_int, usize, c_int, usize, *const c_void);
        // gmp.h: void *mpz_export (void *, size_t *, int, size_t, int, size_t, mpz_srcptr);
        __gmpz_export: fn(*mut c_void, *mut usize, c_int, usize, c_int, usize, *const MpzStruct) -> *mut c_void;
        // gmp.h: size_t mpz_sizeinbase (mpz_srcptr, int);
        __gmpz_sizeinbase: fn(*const MpzStruct, c_int) -> usize;
        // gmp.h: void mpz_powm (mpz_ptr, mpz_srcptr, mpz_srcptr, mpz_srcptr);
        __gmpz_powm: fn(*mut MpzStruct, *const MpzStruct, *const MpzStruct, *const MpzStruct);
        // gmp.h: void mpz_powm_sec (mpz_ptr, mpz_srcptr, mpz_srcptr, mpz_srcptr);
        __gmpz_powm_sec: fn(*mut MpzStruct, *const MpzStruct, *const MpzStruct, *const MpzStruct);
    }
}

/// The loaded library: its functions and its version.
pub struct Gmp {
    _lib: libloading::Library,
    f: Fns,
    found: Found,
}

static GMP: OnceLock<Result<Gmp, Unavailable>> = OnceLock::new();

/// Loads `libgmp.so.10` (once per process) and checks its version (`__gmp_version`: GMP 5
/// or 6, the versions behind this soname).
///
/// # Errors
/// [`Unavailable::Off`] when `discovery` is off (nothing is loaded), else why the library
/// cannot be used.
pub fn load(discovery: Discovery) -> Result<&'static Gmp, Unavailable> {
    if !discovery.enabled {
        return Err(Unavailable::Off);
    }
    GMP.get_or_init(open).as_ref().map_err(Clone::clone)
}

fn open() -> Result<Gmp, Unavailable> {
    let lib = ffi::open(SONAME)?;
    // gmp.h: extern const char * const gmp_version;  [#define gmp_version __gmp_version]
    let version_ptr = ffi::symbol::<*const *const c_char>(&lib, "__gmp_version\0")
        .ok_or_else(|| ffi::missing(NAME, "__gmp_version", "the version check"))?;
    // SAFETY: `__gmp_version` is a `const char *const` variable: the symbol's address is a
    // valid pointer to it, and it points to a static string.
    let version = ffi::c_text(unsafe { *version_ptr }).unwrap_or_default();
    if !matches!(super::major(&version), Some(5 | 6)) {
        return Err(Unavailable::Version {
            library: NAME.into(),
            found: version,
            expected: "5.x or 6.x (libgmp.so.10)".into(),
        });
    }
    let f = Fns::resolve(&lib).map_err(|s| ffi::missing(NAME, s, "modular exponentiation"))?;
    Ok(Gmp {
        _lib: lib,
        f,
        found: Found {
            name: NAME,
            soname: SONAME,
            text: version.clone(),
            version,
        },
    })
}

impl Gmp {
    /// What the library says about itself.
    pub fn found(&self) -> &Found {
        &self.found
    }

    /// The implementation of an operation computed through `variant`.
    pub fn implementation(&self, variant: &str) -> Implementation {
        self.found.implementation(variant)
    }

    /// An integer from big-endian bytes.
    pub fn int(&'static self, bytes: &[u8]) -> Int {
        let mut z = Int::zero(self);
        z.set(bytes);
        z
    }
}

/// A GMP integer (`mpz_t`), cleared on drop.
pub struct Int {
    gmp: &'static Gmp,
    z: MpzStruct,
}

// SAFETY: an `mpz_t` is plain memory owned by this value; GMP functions may be called on it
// from any thread, one at a time (`&mut self` for every change).
unsafe impl Send for Int {}

impl Int {
    fn zero(gmp: &'static Gmp) -> Int {
        let mut z = MpzStruct {
            alloc: 0,
            size: 0,
            d: std::ptr::null_mut(),
        };
        // SAFETY: mpz_init initialises the struct it is given.
        unsafe { (gmp.f.__gmpz_init)(&mut z) };
        Int { gmp, z }
    }

    /// Sets the value from big-endian bytes (leading zeros allowed).
    pub fn set(&mut self, bytes: &[u8]) {
        // SAFETY: import reads `bytes.len()` words of 1 byte, most significant first.
        unsafe {
            (self.gmp.f.__gmpz_import)(&mut self.z, bytes.len(), 1, 1, 1, 0, bytes.as_ptr().cast())
        };
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        self.z.size == 0
    }

    /// Whether the value is odd.
    pub fn is_odd(&self) -> bool {
        if self.z.size == 0 {
            return false;
        }
        // SAFETY: a non-zero mpz has at least one limb at `_mp_d`; limbs are 64 or 32 bits
        // wide and the lowest byte of the least significant limb (little-endian hosts) or
        // its parity is read through the limb type.
        let low = unsafe { *(self.z.d as *const usize) };
        low & 1 == 1
    }

    /// Size in bits (0 for zero).
    pub fn bits(&self) -> usize {
        if self.is_zero() {
            return 0;
        }
        // SAFETY: sizeinbase reads an initialised mpz.
        unsafe { (self.gmp.f.__gmpz_sizeinbase)(&self.z, 2) }
    }

    /// The value as big-endian bytes, zero-padded to `len`.
    ///
    /// # Errors
    /// [`PeerError::Input`] when the value needs more than `len` bytes.
    pub fn to_bytes_padded(&self, len: usize) -> PeerResult<Vec<u8>> {
        let mut out = vec![0u8; len];
        self.write_padded(&mut out)?;
        Ok(out)
    }

    /// Writes the value into `out`, big-endian, zero-padded to its length.
    ///
    /// # Errors
    /// [`PeerError::Input`] when the value needs more than `out.len()` bytes.
    pub fn write_padded(&self, out: &mut [u8]) -> PeerResult<()> {
        let n = self.bits().div_ceil(8);
        if n > out.len() {
            return Err(PeerError::Input {
                library: NAME,
                problem: format!("a {n}-byte result does not fit in {} bytes", out.len()),
            });
        }
        let split = out.len() - n;
        out[..split].fill(0);
        if n > 0 {
            let mut count = 0usize;
            // SAFETY: `out[split..]` has exactly the n bytes the value needs (sizeinbase is
            // exact for base 2), written as 1-byte words, most significant first.
            unsafe {
                (self.gmp.f.__gmpz_export)(
                    out[split..].as_mut_ptr().cast(),
                    &mut count,
                    1,
                    1,
                    1,
                    0,
                    &self.z,
                )
            };
            debug_assert_eq!(count, n);
        }
        Ok(())
    }
}

impl Drop for Int {
    fn drop(&mut self) {
        // SAFETY: the struct was initialised by mpz_init and is cleared once.
        unsafe { (self.gmp.f.__gmpz_clear)(&mut self.z) };
    }
}

/// Which GMP exponentiation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Powm {
    /// `mpz_powm`: sliding window, variable time (the 1995 row's "nothing fancy").
    Fast,
    /// `mpz_powm_sec`: constant time (side-channel resistant); exponent > 0, odd modulus.
    Sec,
}

impl Powm {
    /// The C name of the function.
    pub fn function(self) -> &'static str {
        match self {
            Powm::Fast => "mpz_powm",
            Powm::Sec => "mpz_powm_sec",
        }
    }
}

/// base^exp mod m with one GMP exponentiation, prepared for timing: the modulus and the
/// result are made once; [`ModExp::pow`] writes into the result.
pub struct ModExp {
    gmp: &'static Gmp,
    m: Int,
    r: Int,
    len: usize,
    powm: Powm,
}

impl ModExp {
    /// Prepares exponentiation modulo `modulus` (big-endian) with `powm`.
    ///
    /// # Errors
    /// [`PeerError::Input`] for a zero modulus (GMP would divide by zero and abort) or, for
    /// [`Powm::Sec`], an even one.
    pub fn new(gmp: &'static Gmp, modulus: &[u8], powm: Powm) -> PeerResult<ModExp> {
        let m = gmp.int(modulus);
        if m.is_zero() || (powm == Powm::Sec && !m.is_odd()) {
            return Err(PeerError::Input {
                library: NAME,
                problem: format!("{} needs an odd modulus above 1", powm.function()),
            });
        }
        let len = m.bits().div_ceil(8);
        Ok(ModExp {
            gmp,
            r: Int::zero(gmp),
            m,
            len,
            powm,
        })
    }

    /// An operand (base or exponent) from big-endian bytes, made before timing.
    pub fn operand(&self, bytes: &[u8]) -> Int {
        self.gmp.int(bytes)
    }

    /// The timed operation: result = base^exp mod m.
    ///
    /// # Errors
    /// [`PeerError::Input`] for a zero exponent with [`Powm::Sec`] (GMP's precondition).
    pub fn pow(&mut self, base: &Int, exp: &Int) -> PeerResult<()> {
        let f = match self.powm {
            Powm::Fast => self.gmp.f.__gmpz_powm,
            Powm::Sec => {
                if exp.is_zero() {
                    return Err(PeerError::Input {
                        library: NAME,
                        problem: "mpz_powm_sec needs an exponent above 0".into(),
                    });
                }
                self.gmp.f.__gmpz_powm_sec
            }
        };
        // SAFETY: all four are initialised mpz values; the modulus is non-zero (and odd for
        // powm_sec, whose exponent is checked above); the result does not alias an input.
        unsafe { f(&mut self.r.z, &base.z, &exp.z, &self.m.z) };
        Ok(())
    }

    /// The last result, big-endian, zero-padded to the byte length of the modulus.
    pub fn result(&self) -> Vec<u8> {
        self.r
            .to_bytes_padded(self.len)
            .expect("a result mod m fits in the length of m")
    }

    /// The last result written into `out` (the modulus's byte length).
    ///
    /// # Errors
    /// [`PeerError::Input`] when `out` is too short.
    pub fn result_into(&self, out: &mut [u8]) -> PeerResult<()> {
        self.r.write_padded(out)
    }

    /// base^exp mod m from bytes to bytes (operands made on the spot: not for timing).
    ///
    /// # Errors
    /// As [`ModExp::pow`].
    pub fn pow_bytes(&mut self, base: &[u8], exp: &[u8]) -> PeerResult<Vec<u8>> {
        let (b, e) = (self.operand(base), self.operand(exp));
        self.pow(&b, &e)?;
        Ok(self.result())
    }

    /// Byte length of the modulus (and of every result).
    pub fn modulus_bytes(&self) -> usize {
        self.len
    }

    /// Who computes it: `gmp VERSION (mpz_powm)`.
    pub fn implementation(&self) -> Implementation {
        self.gmp.implementation(self.powm.function())
    }
}

#[cfg(test)]
mod tests;
