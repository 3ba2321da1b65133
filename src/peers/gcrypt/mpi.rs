//! libgcrypt's multi-precision integers (`gcry_mpi_*`, gcrypt.h): operands made before
//! timing and `gcry_mpi_powm` ([`ModExp`]).

use super::{GCRYMPI_FMT_USG, Gcrypt, Handle, NAME, Opaque};
use crate::implementation::Implementation;
use crate::peers::{PeerError, PeerResult};
use std::ffi::c_uint;
use std::ptr::{NonNull, null_mut};

/// A libgcrypt multi-precision integer (`gcry_mpi_t`), released on drop: an operand made
/// before timing.
pub struct Mpi {
    g: &'static Gcrypt,
    h: Handle,
}

impl Mpi {
    fn ptr(&self) -> *mut Opaque {
        self.h.ptr()
    }

    /// Size in bits.
    pub fn bits(&self) -> usize {
        // SAFETY: a valid MPI.
        unsafe { (self.g.f.gcry_mpi_get_nbits)(self.ptr()) as usize }
    }

    /// The value big-endian into `out`, zero-padded to its length.
    ///
    /// # Errors
    /// [`PeerError::Input`] when it does not fit; [`PeerError::Call`] when printing fails.
    pub fn write_padded(&self, out: &mut [u8]) -> PeerResult<()> {
        let n = self.bits().div_ceil(8);
        if n > out.len() {
            return Err(PeerError::Input {
                library: NAME,
                problem: format!("a {n}-byte number does not fit in {} bytes", out.len()),
            });
        }
        let split = out.len() - n;
        out[..split].fill(0);
        if n == 0 {
            return Ok(());
        }
        let mut written = 0usize;
        // SAFETY: writes at most `n` bytes (the value's exact length) into out[split..].
        let err = unsafe {
            (self.g.f.gcry_mpi_print)(
                GCRYMPI_FMT_USG,
                out[split..].as_mut_ptr(),
                n,
                &mut written,
                self.ptr(),
            )
        };
        self.g.check(err, "gcry_mpi_print")?;
        if written != n {
            return Err(PeerError::Call {
                library: NAME,
                call: "gcry_mpi_print",
                detail: format!("{written} bytes instead of {n}"),
            });
        }
        Ok(())
    }
}

impl Gcrypt {
    /// An MPI from big-endian bytes.
    ///
    /// # Errors
    /// [`PeerError::Call`] when libgcrypt cannot read it.
    pub fn mpi(&'static self, bytes: &[u8]) -> PeerResult<Mpi> {
        let mut a: *mut Opaque = null_mut();
        // SAFETY: reads `bytes.len()` bytes (none for an empty slice: the value 0); writes
        // the new MPI or leaves NULL.
        let err = unsafe {
            (self.f.gcry_mpi_scan)(
                &mut a,
                GCRYMPI_FMT_USG,
                bytes.as_ptr().cast(),
                bytes.len(),
                null_mut(),
            )
        };
        self.check(err, "gcry_mpi_scan")?;
        Ok(Mpi {
            g: self,
            h: Handle {
                ptr: NonNull::new(a).ok_or(PeerError::Call {
                    library: NAME,
                    call: "gcry_mpi_scan",
                    detail: "no number".into(),
                })?,
                free: self.f.gcry_mpi_release,
            },
        })
    }

    fn mpi_new(&'static self, bits: usize) -> PeerResult<Mpi> {
        // SAFETY: returns a new MPI with room for `bits` bits.
        let a = unsafe { (self.f.gcry_mpi_new)(c_uint::try_from(bits).unwrap_or(0)) };
        Ok(Mpi {
            g: self,
            h: Handle {
                ptr: NonNull::new(a).ok_or(PeerError::Call {
                    library: NAME,
                    call: "gcry_mpi_new",
                    detail: "no number".into(),
                })?,
                free: self.f.gcry_mpi_release,
            },
        })
    }
}

/// base^exp mod m with `gcry_mpi_powm`, prepared for timing: the modulus and the result are
/// made once.
pub struct ModExp {
    g: &'static Gcrypt,
    m: Mpi,
    r: Mpi,
    len: usize,
}

impl ModExp {
    /// Prepares exponentiation modulo `modulus` (big-endian).
    ///
    /// # Errors
    /// [`PeerError::Input`] for a zero modulus (libgcrypt would stop the process on a
    /// division by zero); [`PeerError::Call`] when libgcrypt fails.
    pub fn new(g: &'static Gcrypt, modulus: &[u8]) -> PeerResult<ModExp> {
        let m = g.mpi(modulus)?;
        if m.bits() == 0 {
            return Err(PeerError::Input {
                library: NAME,
                problem: "gcry_mpi_powm needs a modulus above 0".into(),
            });
        }
        let len = m.bits().div_ceil(8);
        Ok(ModExp {
            g,
            r: g.mpi_new(m.bits())?,
            m,
            len,
        })
    }

    /// An operand from big-endian bytes, made before timing.
    ///
    /// # Errors
    /// As [`Gcrypt::mpi`].
    pub fn operand(&self, bytes: &[u8]) -> PeerResult<Mpi> {
        self.g.mpi(bytes)
    }

    /// The timed operation: result = base^exp mod m.
    pub fn pow(&mut self, base: &Mpi, exp: &Mpi) {
        // SAFETY: valid MPIs; the modulus is not zero; the result aliases no input.
        unsafe { (self.g.f.gcry_mpi_powm)(self.r.ptr(), base.ptr(), exp.ptr(), self.m.ptr()) };
    }

    /// The last result, big-endian, zero-padded to the byte length of the modulus.
    ///
    /// # Errors
    /// [`PeerError::Call`] when printing fails.
    pub fn result(&self) -> PeerResult<Vec<u8>> {
        let mut out = vec![0u8; self.len];
        self.r.write_padded(&mut out)?;
        Ok(out)
    }

    /// base^exp mod m from bytes to bytes (not for timing).
    ///
    /// # Errors
    /// As [`ModExp::operand`] and [`ModExp::result`].
    pub fn pow_bytes(&mut self, base: &[u8], exp: &[u8]) -> PeerResult<Vec<u8>> {
        let (b, e) = (self.operand(base)?, self.operand(exp)?);
        self.pow(&b, &e);
        self.result()
    }

    /// Byte length of the modulus (and of every result).
    pub fn modulus_bytes(&self) -> usize {
        self.len
    }

    /// Who computes it: `gcrypt VERSION (gcry_mpi_powm)`.
    pub fn implementation(&self) -> Implementation {
        self.g.implementation("gcry_mpi_powm")
    }
}
