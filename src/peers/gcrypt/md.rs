//! libgcrypt's message digests (`gcry_md_*`, gcrypt.h): the hashes of its 2013 table
//! ([`HASHES`]) on a reused handle ([`Digest`]), fed as libgcrypt's `tests/benchmark.c` feeds
//! them (one write, writes of a fixed size, `gcry_md_putc`), and `gcry_md_hash_buffer`.

use super::{Gcrypt, Handle, NAME, Opaque};
use crate::implementation::Implementation;
use crate::peers::{PeerError, PeerResult, Unavailable};
use std::ffi::{c_int, c_void};
use std::ptr::{NonNull, null, null_mut};

/// One hash of libgcrypt's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GcryHash {
    /// pkbench's name for it (the hash registry's): `md5`, `ripemd160`, `tiger192`, …
    pub name: &'static str,
    /// libgcrypt's name (`gcry_md_algo_name`): `MD5`, `RIPEMD160`, `TIGER192`, ….
    pub gcrypt_name: &'static str,
    /// libgcrypt's algorithm number (gcrypt.h's `enum gcry_md_algos`).
    pub algo: c_int,
    /// Digest length in bytes.
    pub output_bytes: usize,
}

const fn md(
    name: &'static str,
    gcrypt_name: &'static str,
    algo: c_int,
    output_bytes: usize,
) -> GcryHash {
    GcryHash {
        name,
        gcrypt_name,
        algo,
        output_bytes,
    }
}

/// The hashes of libgcrypt's table as of 2013 that pkbench can check (in that table's order;
/// TIGER2 and CRC32RFC1510 left out: no published known answer pkbench carries), each an
/// entry of pkbench's hash registry (`crate::hash::HASHES`) by the same name. Numbers from
/// gcrypt.h's `enum gcry_md_algos`.
pub static HASHES: &[GcryHash] = &[
    md("md5", "MD5", 1, 16),
    md("sha1", "SHA1", 2, 20),
    md("ripemd160", "RIPEMD160", 3, 20),
    md("tiger192", "TIGER192", 6, 24),
    md("sha256", "SHA256", 8, 32),
    md("sha384", "SHA384", 9, 48),
    md("sha512", "SHA512", 10, 64),
    md("sha224", "SHA224", 11, 28),
    md("md4", "MD4", 301, 16),
    md("crc32", "CRC32", 302, 4),
    md("crc24", "CRC24RFC2440", 304, 3),
    md("whirlpool", "WHIRLPOOL", 305, 64),
    md("tiger", "TIGER", 306, 24),
];

/// The hash of [`HASHES`] named `name` (pkbench's name).
pub fn hash(name: &str) -> Option<&'static GcryHash> {
    HASHES.iter().find(|h| h.name == name)
}

/// A hash on one reused `gcry_md_hd_t`, prepared for timing: each
/// [`Digest::digest_into`] is `gcry_md_reset`, `gcry_md_write`, `gcry_md_read` (as
/// libgcrypt's `bench-slope` does), with no allocation; [`Digest::digest_writes`] and
/// [`Digest::digest_putc`] feed the message as `tests/benchmark.c` does.
pub struct Digest {
    g: &'static Gcrypt,
    hd: Handle,
    hash: &'static GcryHash,
}

impl Digest {
    /// The hash `hash`.
    ///
    /// # Errors
    /// [`PeerError::Unavailable`] when libgcrypt does not have it (`gcry_md_open` fails) or
    /// gives a digest of another length than the table says.
    pub fn new(g: &'static Gcrypt, hash: &'static GcryHash) -> PeerResult<Digest> {
        let mut hd: *mut Opaque = null_mut();
        // SAFETY: writes the new handle, or leaves NULL on error.
        let err = unsafe { (g.f.gcry_md_open)(&mut hd, hash.algo, 0) };
        // SAFETY: a plain query.
        let dlen = unsafe { (g.f.gcry_md_get_algo_dlen)(hash.algo) } as usize;
        let unsupported = |why: String| {
            PeerError::from(Unavailable::Unsupported {
                library: NAME.into(),
                what: hash.gcrypt_name.into(),
                why,
            })
        };
        if err != 0 {
            return Err(unsupported(format!("gcry_md_open: {}", g.error_text(err))));
        }
        let hd = Handle {
            ptr: NonNull::new(hd).ok_or_else(|| unsupported("no handle".into()))?,
            free: g.f.gcry_md_close,
        };
        if dlen != hash.output_bytes {
            return Err(unsupported(format!(
                "a {dlen}-byte digest, not {}",
                hash.output_bytes
            )));
        }
        Ok(Digest { g, hd, hash })
    }

    /// Digest length in bytes.
    pub fn output_bytes(&self) -> usize {
        self.hash.output_bytes
    }

    /// The timed operation: the digest of `data` into `out`.
    ///
    /// # Errors
    /// [`PeerError::Input`] for another output length; [`PeerError::Call`] when libgcrypt
    /// gives no digest.
    pub fn digest_into(&mut self, data: &[u8], out: &mut [u8]) -> PeerResult<()> {
        self.check_out(out)?;
        let f = &self.g.f;
        // SAFETY: a valid handle; reads `data`.
        unsafe {
            (f.gcry_md_reset)(self.hd.ptr());
            (f.gcry_md_write)(self.hd.ptr(), data.as_ptr().cast(), data.len());
        }
        self.read_into(out)
    }

    /// The digest of `data` written in `write`-byte pieces (`gcry_md_write` each; the last
    /// shorter; 0 counts as 1) into `out`: the "buf" and "buf/10" columns of libgcrypt's
    /// 2013 table.
    ///
    /// # Errors
    /// As [`Digest::digest_into`].
    pub fn digest_writes(&mut self, data: &[u8], write: usize, out: &mut [u8]) -> PeerResult<()> {
        self.check_out(out)?;
        let f = &self.g.f;
        // SAFETY: a valid handle; each call reads one piece of `data`.
        unsafe {
            (f.gcry_md_reset)(self.hd.ptr());
            for piece in data.chunks(write.max(1)) {
                (f.gcry_md_write)(self.hd.ptr(), piece.as_ptr().cast(), piece.len());
            }
        }
        self.read_into(out)
    }

    /// The digest of `data` fed a byte at a time by gcrypt.h's `gcry_md_putc` macro (the
    /// handle's own buffer, `gcry_md_write` only when it is full), into `out`: the "putc"
    /// column of libgcrypt's 2013 table.
    ///
    /// # Errors
    /// As [`Digest::digest_into`].
    pub fn digest_putc(&mut self, data: &[u8], out: &mut [u8]) -> PeerResult<()> {
        self.check_out(out)?;
        let f = &self.g.f;
        let h = self.hd.ptr().cast::<MdHandle>();
        // SAFETY: a valid handle, whose public head is `MdHandle` (gcrypt.h); as the macro
        // does, a byte goes to buf[bufpos] only while bufpos < bufsize (the buffer's size as
        // libgcrypt allocated it), else gcry_md_write(h, NULL, 0) empties it first.
        unsafe {
            (f.gcry_md_reset)(self.hd.ptr());
            for &b in data {
                if (*h).bufpos == (*h).bufsize {
                    (f.gcry_md_write)(self.hd.ptr(), null(), 0);
                }
                let pos = (*h).bufpos;
                let buf = std::ptr::addr_of_mut!((*h).buf).cast::<u8>();
                *buf.add(pos as usize) = b;
                (*h).bufpos = pos + 1;
            }
        }
        self.read_into(out)
    }

    fn check_out(&self, out: &[u8]) -> PeerResult<()> {
        if out.len() == self.hash.output_bytes {
            return Ok(());
        }
        Err(PeerError::Input {
            library: NAME,
            problem: format!(
                "{} gives {} bytes, not {}",
                self.hash.gcrypt_name,
                self.hash.output_bytes,
                out.len()
            ),
        })
    }

    /// `gcry_md_read` (which finishes the digest, buffered bytes included) into `out`.
    fn read_into(&mut self, out: &mut [u8]) -> PeerResult<()> {
        // SAFETY: a valid handle; gcry_md_read returns a pointer to the digest (its length
        // checked when the handle was made and `out`'s by the caller), valid until the next
        // reset.
        unsafe {
            let p = (self.g.f.gcry_md_read)(self.hd.ptr(), self.hash.algo);
            if p.is_null() {
                return Err(PeerError::Call {
                    library: NAME,
                    call: "gcry_md_read",
                    detail: "no digest".into(),
                });
            }
            out.copy_from_slice(std::slice::from_raw_parts(p, out.len()));
        }
        Ok(())
    }

    /// The digest of `data` (not for timing).
    ///
    /// # Errors
    /// As [`Digest::digest_into`].
    pub fn digest(&mut self, data: &[u8]) -> PeerResult<Vec<u8>> {
        let mut out = vec![0u8; self.hash.output_bytes];
        self.digest_into(data, &mut out)?;
        Ok(out)
    }

    /// The digest of `data` by `gcry_md_hash_buffer` (one call, not this handle): what the
    /// timed digests are checked against after timing when pkbench has no code for the hash.
    pub fn hash_buffer(&self, data: &[u8]) -> Vec<u8> {
        self.g.hash_buffer(self.hash, data)
    }

    /// Who computes it: `gcrypt VERSION (RIPEMD160)`.
    pub fn implementation(&self) -> Implementation {
        self.g.implementation(self.hash.gcrypt_name)
    }
}

/// The public head of a `gcry_md_hd_t` that gcrypt.h's macros use (gcrypt.h: `typedef
/// struct gcry_md_handle { struct gcry_md_context *ctx; int bufpos; int bufsize; unsigned
/// char buf[1]; } *gcry_md_hd_t;`, "private - only to be used by the public gcry_md_*
/// macros"): `buf` is `bufsize` bytes long in the allocation.
#[repr(C)]
struct MdHandle {
    ctx: *mut c_void,
    bufpos: c_int,
    bufsize: c_int,
    buf: [u8; 1],
}

impl Gcrypt {
    /// The digest of `data` by `gcry_md_hash_buffer` (one call: libgcrypt makes and frees
    /// its state inside).
    pub fn hash_buffer(&self, hash: &GcryHash, data: &[u8]) -> Vec<u8> {
        let mut out = vec![0u8; hash.output_bytes];
        // SAFETY: the output has the digest's length (from the table, checked against
        // gcry_md_get_algo_dlen by the tests); reads `data`.
        unsafe {
            (self.f.gcry_md_hash_buffer)(
                hash.algo,
                out.as_mut_ptr().cast(),
                data.as_ptr().cast(),
                data.len(),
            )
        };
        out
    }
}
