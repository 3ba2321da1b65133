//! OpenSSL 3 libcrypto loaded at run time (`libcrypto.so.3`).
//!
//! What pkbench runs through it, each as a prepared object whose timed call allocates no
//! library object:
//!
//! - [`ModExp`]: `BN_mod_exp_mont` or `BN_mod_exp_mont_consttime` with a reused `BN_CTX` and
//!   Montgomery context: mod-p Diffie-Hellman (OpenSSL has no fixed-base table for a mod-p
//!   generator: Offer and Reply are the same exponentiation) and raw RSA (m^d mod n, m^e mod
//!   n);
//! - [`RsaPrivate`]: the RSA private operation as OpenSSL's users call it,
//!   `EVP_PKEY_decrypt` without padding (CRT, blinding and a check of the result with e:
//!   what `openssl speed rsa2048` signs with, apart from the padding); [`RsaCrt`]: the CRT
//!   (RFC 8017 §5.1.2) assembled from BN calls, the same work as pkbench's own CRT (a
//!   named variant);
//! - [`ec::EcGroup`]: `EC_POINT_mul` on the Oakley groups 3 and 4 built as explicit
//!   binary-field groups from the RFC 2409 numbers (`EC_GROUP_new_curve_GF2m`, needs EC2M in
//!   the build; Debian's has it), and on P-256 and secp256k1 (`EC_GROUP_new_by_curve_name`);
//! - [`ec::Derive`]: `EVP_PKEY_derive` with a fixed peer key, as `openssl speed ecdhp256`
//!   times it (P-256, secp256k1, X25519), and [`ec::x25519_public`] (key generation from a
//!   given secret);
//! - [`DesKeySetup`]: `DES_set_key_unchecked` (no parity or weak-key check);
//! - [`evp::Digest`]: MD4, MD5, SHA-1 through `EVP_Digest*` (MD4 from the legacy provider);
//! - [`evp::Cipher`]: ciphers by mode through `EVP_CipherInit_ex2`/`EVP_CipherUpdate` (AES,
//!   Camellia, CAST5, Blowfish, DES, 3DES, IDEA, RC2, RC4, SEED), the legacy provider loaded
//!   where an algorithm needs it ([`OpenSsl::legacy_provider`] says whether it was).
//!
//! The FFI table below mirrors OpenSSL 3.0's headers (`openssl/crypto.h`, `err.h`, `bn.h`,
//! `ec.h`, `evp.h`, `rsa.h`, `des.h`, `provider.h`, `core.h`); every object the wrappers make
//! is freed by [`Owned`]'s `Drop`.

pub mod bn;
pub mod des;
pub mod ec;
pub mod evp;
pub mod rsa;

pub use bn::{Bignum, BnPowm, ModExp};
pub use des::DesKeySetup;
pub use rsa::{CrtKey, RsaCrt, RsaPrivate};

use super::ffi::{self, ffi_table};
use super::{Discovery, Found, PeerError, PeerResult, Unavailable};
use crate::implementation::Implementation;
use std::ffi::{c_char, c_int, c_uint, c_ulong, c_void};
use std::ptr::{NonNull, null, null_mut};
use std::sync::OnceLock;

/// The implementation name.
pub const NAME: &str = crate::implementation::Library::OpenSsl.name();
/// The file loaded.
pub const SONAME: &str = "libcrypto.so.3";

/// Declares opaque C types (only ever behind pointers).
macro_rules! opaque {
    ($($name:ident),* $(,)?) => {
        $(
            #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
            #[repr(C)]
            pub(crate) struct $name {
                _private: [u8; 0],
            }
        )*
    };
}

opaque!(
    BIGNUM,
    BN_CTX,
    BN_MONT_CTX,
    EC_GROUP,
    EC_POINT,
    EVP_MD,
    EVP_MD_CTX,
    EVP_CIPHER,
    EVP_CIPHER_CTX,
    EVP_PKEY,
    EVP_PKEY_CTX,
    OSSL_PROVIDER,
    OSSL_LIB_CTX,
    ENGINE,
);

/// `OSSL_PARAM` (openssl/core.h): `struct ossl_param_st { const char *key; unsigned int
/// data_type; void *data; size_t data_size; size_t return_size; };`
#[repr(C)]
pub(crate) struct OsslParam {
    key: *const c_char,
    data_type: c_uint,
    data: *mut c_void,
    data_size: usize,
    return_size: usize,
}

// openssl/core.h: #define OSSL_PARAM_UNSIGNED_INTEGER 2
const OSSL_PARAM_UNSIGNED_INTEGER: c_uint = 2;
// openssl/core.h: #define OSSL_PARAM_UTF8_STRING 4
const OSSL_PARAM_UTF8_STRING: c_uint = 4;
// openssl/core.h: #define OSSL_PARAM_OCTET_STRING 5
const OSSL_PARAM_OCTET_STRING: c_uint = 5;
// openssl/params.h: #define OSSL_PARAM_UNMODIFIED ((size_t)-1)
const OSSL_PARAM_UNMODIFIED: usize = usize::MAX;

impl OsslParam {
    /// A UTF-8 string parameter (`OSSL_PARAM_construct_utf8_string` with its length).
    fn utf8(key: &'static [u8], value: &'static [u8]) -> OsslParam {
        debug_assert!(key.ends_with(b"\0") && value.ends_with(b"\0"));
        OsslParam {
            key: key.as_ptr().cast(),
            data_type: OSSL_PARAM_UTF8_STRING,
            data: value.as_ptr() as *mut c_void,
            data_size: value.len() - 1,
            return_size: OSSL_PARAM_UNMODIFIED,
        }
    }

    /// An octet-string parameter over `value` (which must outlive the call it is passed to).
    fn octets(key: &'static [u8], value: &[u8]) -> OsslParam {
        OsslParam {
            key: key.as_ptr().cast(),
            data_type: OSSL_PARAM_OCTET_STRING,
            data: value.as_ptr() as *mut c_void,
            data_size: value.len(),
            return_size: OSSL_PARAM_UNMODIFIED,
        }
    }

    /// An unsigned-integer parameter over `native`: the integer's bytes in the host's byte
    /// order, as OpenSSL reads `OSSL_PARAM_UNSIGNED_INTEGER` (a `size_t`, or a big number).
    fn unsigned(key: &'static [u8], native: &[u8]) -> OsslParam {
        OsslParam {
            key: key.as_ptr().cast(),
            data_type: OSSL_PARAM_UNSIGNED_INTEGER,
            data: native.as_ptr() as *mut c_void,
            data_size: native.len(),
            return_size: OSSL_PARAM_UNMODIFIED,
        }
    }

    /// The end of a parameter array (`OSSL_PARAM_END`).
    fn end() -> OsslParam {
        OsslParam {
            key: null(),
            data_type: 0,
            data: null_mut(),
            data_size: 0,
            return_size: 0,
        }
    }
}

/// A big-endian integer in the host's byte order, for [`OsslParam::unsigned`].
fn native_order(big_endian: &[u8]) -> Vec<u8> {
    let mut v = big_endian.to_vec();
    if cfg!(target_endian = "little") {
        v.reverse();
    }
    v
}

// openssl/crypto.h: #define OPENSSL_VERSION 0
const OPENSSL_VERSION: c_int = 0;
// openssl/crypto.h: #define OPENSSL_VERSION_STRING 6
const OPENSSL_VERSION_STRING: c_int = 6;

ffi_table! {
    /// The libcrypto functions pkbench calls (OpenSSL 3.0's headers).
    struct Fns {
        // openssl/crypto.h: const char *OpenSSL_version(int type);
        OpenSSL_version: fn(c_int) -> *const c_char;
        // openssl/err.h: unsigned long ERR_get_error(void);
        ERR_get_error: fn() -> c_ulong;
        // openssl/err.h: void ERR_error_string_n(unsigned long e, char *buf, size_t len);
        ERR_error_string_n: fn(c_ulong, *mut c_char, usize);
        // openssl/err.h: void ERR_clear_error(void);
        ERR_clear_error: fn();
        // openssl/bn.h: BIGNUM *BN_new(void);
        BN_new: fn() -> *mut BIGNUM;
        // openssl/bn.h: void BN_free(BIGNUM *a);
        BN_free: fn(*mut BIGNUM);
        // openssl/bn.h: BIGNUM *BN_bin2bn(const unsigned char *s, int len, BIGNUM *ret);
        BN_bin2bn: fn(*const u8, c_int, *mut BIGNUM) -> *mut BIGNUM;
        // openssl/bn.h: int BN_bn2binpad(const BIGNUM *a, unsigned char *to, int tolen);
        BN_bn2binpad: fn(*const BIGNUM, *mut u8, c_int) -> c_int;
        // openssl/bn.h: int BN_num_bits(const BIGNUM *a);
        BN_num_bits: fn(*const BIGNUM) -> c_int;
        // openssl/bn.h: int BN_is_odd(const BIGNUM *a);
        BN_is_odd: fn(*const BIGNUM) -> c_int;
        // openssl/bn.h: int BN_is_zero(const BIGNUM *a);
        BN_is_zero: fn(*const BIGNUM) -> c_int;
        // openssl/bn.h: int BN_add(BIGNUM *r, const BIGNUM *a, const BIGNUM *b);
        BN_add: fn(*mut BIGNUM, *const BIGNUM, *const BIGNUM) -> c_int;
        // openssl/bn.h: int BN_mul(BIGNUM *r, const BIGNUM *a, const BIGNUM *b, BN_CTX *ctx);
        BN_mul: fn(*mut BIGNUM, *const BIGNUM, *const BIGNUM, *mut BN_CTX) -> c_int;
        // openssl/bn.h: int BN_mod_sub(BIGNUM *r, const BIGNUM *a, const BIGNUM *b, const BIGNUM *m, BN_CTX *ctx);
        BN_mod_sub: fn(*mut BIGNUM, *const BIGNUM, *const BIGNUM, *const BIGNUM, *mut BN_CTX) -> c_int;
        // openssl/bn.h: int BN_mod_mul(BIGNUM *r, const BIGNUM *a, const BIGNUM *b, const BIGNUM *m, BN_CTX *ctx);
        BN_mod_mul: fn(*mut BIGNUM, *const BIGNUM, *const BIGNUM, *const BIGNUM, *mut BN_CTX) -> c_int;
        // openssl/bn.h: BN_CTX *BN_CTX_new(void);
        BN_CTX_new: fn() -> *mut BN_CTX;
        // openssl/bn.h: void BN_CTX_free(BN_CTX *c);
        BN_CTX_free: fn(*mut BN_CTX);
        // openssl/bn.h: BN_MONT_CTX *BN_MONT_CTX_new(void);
        BN_MONT_CTX_new: fn() -> *mut BN_MONT_CTX;
        // openssl/bn.h: void BN_MONT_CTX_free(BN_MONT_CTX *mont);
        BN_MONT_CTX_free: fn(*mut BN_MONT_CTX);
        // openssl/bn.h: int BN_MONT_CTX_set(BN_MONT_CTX *mont, const BIGNUM *mod, BN_CTX *ctx);
        BN_MONT_CTX_set: fn(*mut BN_MONT_CTX, *const BIGNUM, *mut BN_CTX) -> c_int;
        // openssl/bn.h: int BN_mod_exp_mont(BIGNUM *r, const BIGNUM *a, const BIGNUM *p, const BIGNUM *m, BN_CTX *ctx, BN_MONT_CTX *m_ctx);
        BN_mod_exp_mont: fn(*mut BIGNUM, *const BIGNUM, *const BIGNUM, *const BIGNUM, *mut BN_CTX, *mut BN_MONT_CTX) -> c_int;
        // openssl/bn.h: int BN_mod_exp_mont_consttime(BIGNUM *rr, const BIGNUM *a, const BIGNUM *p, const BIGNUM *m, BN_CTX *ctx, BN_MONT_CTX *in_mont);
        BN_mod_exp_mont_consttime: fn(*mut BIGNUM, *const BIGNUM, *const BIGNUM, *const BIGNUM, *mut BN_CTX, *mut BN_MONT_CTX) -> c_int;
        // openssl/ec.h: EC_GROUP *EC_GROUP_new_by_curve_name(int nid);
        EC_GROUP_new_by_curve_name: fn(c_int) -> *mut EC_GROUP;
        // openssl/ec.h: void EC_GROUP_free(EC_GROUP *group);
        EC_GROUP_free: fn(*mut EC_GROUP);
        // openssl/ec.h: int EC_GROUP_set_generator(EC_GROUP *group, const EC_POINT *generator, const BIGNUM *order, const BIGNUM *cofactor);
        EC_GROUP_set_generator: fn(*mut EC_GROUP, *const EC_POINT, *const BIGNUM, *const BIGNUM) -> c_int;
        // openssl/ec.h: EC_POINT *EC_POINT_new(const EC_GROUP *group);
        EC_POINT_new: fn(*const EC_GROUP) -> *mut EC_POINT;
        // openssl/ec.h: void EC_POINT_free(EC_POINT *point);
        EC_POINT_free: fn(*mut EC_POINT);
        // openssl/ec.h: int EC_POINT_set_affine_coordinates(const EC_GROUP *group, EC_POINT *p, const BIGNUM *x, const BIGNUM *y, BN_CTX *ctx);
        EC_POINT_set_affine_coordinates: fn(*const EC_GROUP, *mut EC_POINT, *const BIGNUM, *const BIGNUM, *mut BN_CTX) -> c_int;
        // openssl/ec.h: int EC_POINT_set_compressed_coordinates(const EC_GROUP *group, EC_POINT *p, const BIGNUM *x, int y_bit, BN_CTX *ctx);
        EC_POINT_set_compressed_coordinates: fn(*const EC_GROUP, *mut EC_POINT, *const BIGNUM, c_int, *mut BN_CTX) -> c_int;
        // openssl/ec.h: int EC_POINT_get_affine_coordinates(const EC_GROUP *group, const EC_POINT *p, BIGNUM *x, BIGNUM *y, BN_CTX *ctx);
        EC_POINT_get_affine_coordinates: fn(*const EC_GROUP, *const EC_POINT, *mut BIGNUM, *mut BIGNUM, *mut BN_CTX) -> c_int;
        // openssl/ec.h: int EC_POINT_oct2point(const EC_GROUP *group, EC_POINT *p, const unsigned char *buf, size_t len, BN_CTX *ctx);
        EC_POINT_oct2point: fn(*const EC_GROUP, *mut EC_POINT, *const u8, usize, *mut BN_CTX) -> c_int;
        // openssl/ec.h: size_t EC_POINT_point2oct(const EC_GROUP *group, const EC_POINT *p, point_conversion_form_t form, unsigned char *buf, size_t len, BN_CTX *ctx);
        EC_POINT_point2oct: fn(*const EC_GROUP, *const EC_POINT, c_int, *mut u8, usize, *mut BN_CTX) -> usize;
        // openssl/ec.h: int EC_POINT_is_at_infinity(const EC_GROUP *group, const EC_POINT *p);
        EC_POINT_is_at_infinity: fn(*const EC_GROUP, *const EC_POINT) -> c_int;
        // openssl/ec.h: int EC_POINT_mul(const EC_GROUP *group, EC_POINT *r, const BIGNUM *n, const EC_POINT *q, const BIGNUM *m, BN_CTX *ctx);
        EC_POINT_mul: fn(*const EC_GROUP, *mut EC_POINT, *const BIGNUM, *const EC_POINT, *const BIGNUM, *mut BN_CTX) -> c_int;
        // openssl/evp.h: EVP_MD *EVP_MD_fetch(OSSL_LIB_CTX *ctx, const char *algorithm, const char *properties);
        EVP_MD_fetch: fn(*mut OSSL_LIB_CTX, *const c_char, *const c_char) -> *mut EVP_MD;
        // openssl/evp.h: void EVP_MD_free(EVP_MD *md);
        EVP_MD_free: fn(*mut EVP_MD);
        // openssl/evp.h: int EVP_MD_get_size(const EVP_MD *md);
        EVP_MD_get_size: fn(*const EVP_MD) -> c_int;
        // openssl/evp.h: EVP_MD_CTX *EVP_MD_CTX_new(void);
        EVP_MD_CTX_new: fn() -> *mut EVP_MD_CTX;
        // openssl/evp.h: void EVP_MD_CTX_free(EVP_MD_CTX *ctx);
        EVP_MD_CTX_free: fn(*mut EVP_MD_CTX);
        // openssl/evp.h: int EVP_DigestInit_ex(EVP_MD_CTX *ctx, const EVP_MD *type, ENGINE *impl);
        EVP_DigestInit_ex: fn(*mut EVP_MD_CTX, *const EVP_MD, *mut ENGINE) -> c_int;
        // openssl/evp.h: int EVP_DigestUpdate(EVP_MD_CTX *ctx, const void *d, size_t cnt);
        EVP_DigestUpdate: fn(*mut EVP_MD_CTX, *const c_void, usize) -> c_int;
        // openssl/evp.h: int EVP_DigestFinal_ex(EVP_MD_CTX *ctx, unsigned char *md, unsigned int *s);
        EVP_DigestFinal_ex: fn(*mut EVP_MD_CTX, *mut u8, *mut c_uint) -> c_int;
        // openssl/evp.h: EVP_CIPHER *EVP_CIPHER_fetch(OSSL_LIB_CTX *ctx, const char *algorithm, const char *properties);
        EVP_CIPHER_fetch: fn(*mut OSSL_LIB_CTX, *const c_char, *const c_char) -> *mut EVP_CIPHER;
        // openssl/evp.h: void EVP_CIPHER_free(EVP_CIPHER *cipher);
        EVP_CIPHER_free: fn(*mut EVP_CIPHER);
        // openssl/evp.h: int EVP_CIPHER_get_block_size(const EVP_CIPHER *cipher);
        EVP_CIPHER_get_block_size: fn(*const EVP_CIPHER) -> c_int;
        // openssl/evp.h: EVP_CIPHER_CTX *EVP_CIPHER_CTX_new(void);
        EVP_CIPHER_CTX_new: fn() -> *mut EVP_CIPHER_CTX;
        // openssl/evp.h: void EVP_CIPHER_CTX_free(EVP_CIPHER_CTX *c);
        EVP_CIPHER_CTX_free: fn(*mut EVP_CIPHER_CTX);
        // openssl/evp.h: int EVP_CIPHER_CTX_set_padding(EVP_CIPHER_CTX *c, int pad);
        EVP_CIPHER_CTX_set_padding: fn(*mut EVP_CIPHER_CTX, c_int) -> c_int;
        // openssl/evp.h: int EVP_CipherInit_ex2(EVP_CIPHER_CTX *ctx, const EVP_CIPHER *cipher, const unsigned char *key, const unsigned char *iv, int enc, const OSSL_PARAM params[]);
        EVP_CipherInit_ex2: fn(*mut EVP_CIPHER_CTX, *const EVP_CIPHER, *const u8, *const u8, c_int, *const OsslParam) -> c_int;
        // openssl/evp.h: int EVP_CipherUpdate(EVP_CIPHER_CTX *ctx, unsigned char *out, int *outl, const unsigned char *in, int inl);
        EVP_CipherUpdate: fn(*mut EVP_CIPHER_CTX, *mut u8, *mut c_int, *const u8, c_int) -> c_int;
        // openssl/evp.h: EVP_PKEY *EVP_PKEY_new_raw_private_key(int type, ENGINE *e, const unsigned char *priv, size_t len);
        EVP_PKEY_new_raw_private_key: fn(c_int, *mut ENGINE, *const u8, usize) -> *mut EVP_PKEY;
        // openssl/evp.h: EVP_PKEY *EVP_PKEY_new_raw_public_key(int type, ENGINE *e, const unsigned char *pub, size_t len);
        EVP_PKEY_new_raw_public_key: fn(c_int, *mut ENGINE, *const u8, usize) -> *mut EVP_PKEY;
        // openssl/evp.h: int EVP_PKEY_get_raw_public_key(const EVP_PKEY *pkey, unsigned char *pub, size_t *len);
        EVP_PKEY_get_raw_public_key: fn(*const EVP_PKEY, *mut u8, *mut usize) -> c_int;
        // openssl/evp.h: void EVP_PKEY_free(EVP_PKEY *pkey);
        EVP_PKEY_free: fn(*mut EVP_PKEY);
        // openssl/evp.h: EVP_PKEY_CTX *EVP_PKEY_CTX_new(EVP_PKEY *pkey, ENGINE *e);
        EVP_PKEY_CTX_new: fn(*mut EVP_PKEY, *mut ENGINE) -> *mut EVP_PKEY_CTX;
        // openssl/evp.h: EVP_PKEY_CTX *EVP_PKEY_CTX_new_from_name(OSSL_LIB_CTX *libctx, const char *name, const char *propquery);
        EVP_PKEY_CTX_new_from_name: fn(*mut OSSL_LIB_CTX, *const c_char, *const c_char) -> *mut EVP_PKEY_CTX;
        // openssl/evp.h: void EVP_PKEY_CTX_free(EVP_PKEY_CTX *ctx);
        EVP_PKEY_CTX_free: fn(*mut EVP_PKEY_CTX);
        // openssl/evp.h: int EVP_PKEY_fromdata_init(EVP_PKEY_CTX *ctx);
        EVP_PKEY_fromdata_init: fn(*mut EVP_PKEY_CTX) -> c_int;
        // openssl/evp.h: int EVP_PKEY_fromdata(EVP_PKEY_CTX *ctx, EVP_PKEY **ppkey, int selection, OSSL_PARAM param[]);
        EVP_PKEY_fromdata: fn(*mut EVP_PKEY_CTX, *mut *mut EVP_PKEY, c_int, *mut OsslParam) -> c_int;
        // openssl/evp.h: int EVP_PKEY_decrypt_init(EVP_PKEY_CTX *ctx);
        EVP_PKEY_decrypt_init: fn(*mut EVP_PKEY_CTX) -> c_int;
        // openssl/evp.h: int EVP_PKEY_decrypt(EVP_PKEY_CTX *ctx, unsigned char *out, size_t *outlen, const unsigned char *in, size_t inlen);
        EVP_PKEY_decrypt: fn(*mut EVP_PKEY_CTX, *mut u8, *mut usize, *const u8, usize) -> c_int;
        // openssl/rsa.h: int EVP_PKEY_CTX_set_rsa_padding(EVP_PKEY_CTX *ctx, int pad_mode);
        EVP_PKEY_CTX_set_rsa_padding: fn(*mut EVP_PKEY_CTX, c_int) -> c_int;
        // openssl/evp.h: int EVP_PKEY_derive_init(EVP_PKEY_CTX *ctx);
        EVP_PKEY_derive_init: fn(*mut EVP_PKEY_CTX) -> c_int;
        // openssl/evp.h: int EVP_PKEY_derive_set_peer(EVP_PKEY_CTX *ctx, EVP_PKEY *peer);
        EVP_PKEY_derive_set_peer: fn(*mut EVP_PKEY_CTX, *mut EVP_PKEY) -> c_int;
        // openssl/evp.h: int EVP_PKEY_derive(EVP_PKEY_CTX *ctx, unsigned char *key, size_t *keylen);
        EVP_PKEY_derive: fn(*mut EVP_PKEY_CTX, *mut u8, *mut usize) -> c_int;
        // openssl/provider.h: OSSL_PROVIDER *OSSL_PROVIDER_try_load(OSSL_LIB_CTX *, const char *name, int retain_fallbacks);
        OSSL_PROVIDER_try_load: fn(*mut OSSL_LIB_CTX, *const c_char, c_int) -> *mut OSSL_PROVIDER;
        // openssl/provider.h: const char *OSSL_PROVIDER_get0_name(const OSSL_PROVIDER *prov);
        OSSL_PROVIDER_get0_name: fn(*const OSSL_PROVIDER) -> *const c_char;
        // openssl/evp.h: const OSSL_PROVIDER *EVP_MD_get0_provider(const EVP_MD *md);
        EVP_MD_get0_provider: fn(*const EVP_MD) -> *const OSSL_PROVIDER;
        // openssl/evp.h: const OSSL_PROVIDER *EVP_CIPHER_get0_provider(const EVP_CIPHER *cipher);
        EVP_CIPHER_get0_provider: fn(*const EVP_CIPHER) -> *const OSSL_PROVIDER;
        // openssl/evp.h: int EVP_CIPHER_CTX_get_key_length(const EVP_CIPHER_CTX *ctx);
        EVP_CIPHER_CTX_get_key_length: fn(*const EVP_CIPHER_CTX) -> c_int;
        // openssl/evp.h: int EVP_CIPHER_CTX_get_iv_length(const EVP_CIPHER_CTX *ctx);
        EVP_CIPHER_CTX_get_iv_length: fn(*const EVP_CIPHER_CTX) -> c_int;
    }
}

ffi_table! {
    /// Binary-field curves: absent from a build configured `no-ec2m`.
    struct Ec2mFns {
        // openssl/ec.h (#ifndef OPENSSL_NO_EC2M): EC_GROUP *EC_GROUP_new_curve_GF2m(const BIGNUM *p, const BIGNUM *a, const BIGNUM *b, BN_CTX *ctx);
        EC_GROUP_new_curve_GF2m: fn(*const BIGNUM, *const BIGNUM, *const BIGNUM, *mut BN_CTX) -> *mut EC_GROUP;
    }
}

/// `DES_key_schedule` (openssl/des.h): `typedef struct DES_ks { union { DES_cblock cblock;
/// DES_LONG deslong[2]; } ks[16]; } DES_key_schedule;` with `DES_LONG` an `unsigned int`:
/// 128 bytes.
#[repr(C, align(8))]
pub(crate) struct DesKeySchedule([u32; 32]);

ffi_table! {
    /// The DES_* functions (deprecated in 3.0, absent from a `no-deprecated` or `no-des`
    /// build).
    struct DesFns {
        // openssl/des.h: void DES_set_key_unchecked(const_DES_cblock *key, DES_key_schedule *schedule);
        DES_set_key_unchecked: fn(*const [u8; 8], *mut DesKeySchedule);
        // openssl/des.h: void DES_ecb_encrypt(const_DES_cblock *input, DES_cblock *output, DES_key_schedule *ks, int enc);
        DES_ecb_encrypt: fn(*const [u8; 8], *mut [u8; 8], *mut DesKeySchedule, c_int);
    }
}

/// The loaded libcrypto: its functions, the optional parts, its version.
pub struct OpenSsl {
    _lib: libloading::Library,
    f: Fns,
    ec2m: Result<Ec2mFns, Unavailable>,
    des: Result<DesFns, Unavailable>,
    found: Found,
    /// Whether the legacy provider was loaded: `None` until an algorithm needed it.
    legacy: OnceLock<Result<(), Unavailable>>,
}

static OPENSSL: OnceLock<Result<OpenSsl, Unavailable>> = OnceLock::new();

/// Loads `libcrypto.so.3` (once per process) and checks its version: `OpenSSL_version_num`
/// must say 3.x; `OpenSSL_version` gives the text reported.
///
/// # Errors
/// [`Unavailable::Off`] when `discovery` is off (nothing is loaded), else why the library
/// cannot be used.
pub fn load(discovery: Discovery) -> Result<&'static OpenSsl, Unavailable> {
    if !discovery.enabled {
        return Err(Unavailable::Off);
    }
    OPENSSL.get_or_init(open).as_ref().map_err(Clone::clone)
}

fn open() -> Result<OpenSsl, Unavailable> {
    let lib = ffi::open(SONAME)?;
    // Resolved alone, before the table, so that another major version is reported as such.
    // openssl/crypto.h: unsigned long OpenSSL_version_num(void);
    type VersionNum = unsafe extern "C" fn() -> c_ulong;
    let num = ffi::symbol::<VersionNum>(&lib, "OpenSSL_version_num\0")
        .ok_or_else(|| ffi::missing(NAME, "OpenSSL_version_num", "the version check"))?;
    // SAFETY: OpenSSL_version_num takes nothing and returns a number.
    let num = unsafe { num() };
    // OpenSSL 3: 0xMNN00PP0L (major in the top four bits).
    let major = num >> 28;
    let f = Fns::resolve(&lib).map_err(|s| ffi::missing(NAME, s, "pkbench's use of OpenSSL 3"))?;
    // SAFETY: OpenSSL_version returns a static string for these types.
    let version = ffi::c_text(unsafe { (f.OpenSSL_version)(OPENSSL_VERSION_STRING) })
        .unwrap_or_else(|| format!("{num:#x}"));
    let text = ffi::c_text(unsafe { (f.OpenSSL_version)(OPENSSL_VERSION) })
        .unwrap_or_else(|| version.clone());
    if major != 3 {
        return Err(Unavailable::Version {
            library: NAME.into(),
            found: version,
            expected: "3.x (libcrypto.so.3)".into(),
        });
    }
    let ec2m =
        Ec2mFns::resolve(&lib).map_err(|s| ffi::missing(NAME, s, "binary-field curves (EC2M)"));
    let des = DesFns::resolve(&lib).map_err(|s| ffi::missing(NAME, s, "DES key setup"));
    Ok(OpenSsl {
        _lib: lib,
        f,
        ec2m,
        des,
        found: Found {
            name: NAME,
            soname: SONAME,
            version,
            text,
        },
        legacy: OnceLock::new(),
    })
}

impl OpenSsl {
    /// What the library says about itself.
    pub fn found(&self) -> &Found {
        &self.found
    }

    /// The implementation of an operation computed through `variant`.
    pub fn implementation(&self, variant: &str) -> Implementation {
        self.found.implementation(variant)
    }

    /// Whether this build has binary-field curves (`EC_GROUP_new_curve_GF2m`).
    ///
    /// # Errors
    /// [`Unavailable::MissingSymbol`] when it was built without EC2M.
    pub fn ec2m(&self) -> Result<(), Unavailable> {
        self.ec2m.as_ref().map(drop).map_err(Clone::clone)
    }

    /// Whether pkbench runs ML-KEM (and X25519MLKEM768) through this libcrypto (OpenSSL has
    /// ML-KEM from 3.5 on).
    ///
    /// # Errors
    /// [`Unavailable::Unsupported`]: "needs OpenSSL 3.5" with this library's version, or,
    /// on 3.5 and later, that pkbench does not run OpenSSL's ML-KEM yet.
    pub fn mlkem(&self) -> Result<(), Unavailable> {
        let mut parts = self
            .found
            .version
            .split('.')
            .map(|p| p.parse::<u32>().unwrap_or(0));
        let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
        let why = if (major, minor) < (3, 5) {
            format!(
                "needs OpenSSL 3.5 (this libcrypto is {})",
                self.found.version
            )
        } else {
            "pkbench does not run OpenSSL's ML-KEM yet".to_string()
        };
        Err(Unavailable::Unsupported {
            library: NAME.into(),
            what: "ML-KEM".into(),
            why,
        })
    }

    /// Whether this build has the DES_* functions (`DES_set_key_unchecked`).
    ///
    /// # Errors
    /// [`Unavailable::MissingSymbol`] when it has not.
    pub fn des(&self) -> Result<(), Unavailable> {
        self.des.as_ref().map(drop).map_err(Clone::clone)
    }

    /// The legacy provider: `None` while no algorithm has needed it, else whether loading it
    /// worked (`OSSL_PROVIDER_try_load(NULL, "legacy", 1)`, keeping the default provider).
    pub fn legacy_provider(&self) -> Option<&Result<(), Unavailable>> {
        self.legacy.get()
    }

    /// Loads the legacy provider once (the default provider stays available).
    fn load_legacy(&self) -> &Result<(), Unavailable> {
        self.legacy.get_or_init(|| {
            // SAFETY: NULL is the default library context; the name is NUL-terminated.
            let p = unsafe { (self.f.OSSL_PROVIDER_try_load)(null_mut(), c"legacy".as_ptr(), 1) };
            if p.is_null() {
                let why = self.error_text();
                Err(Unavailable::Unsupported {
                    library: NAME.into(),
                    what: "the legacy provider".into(),
                    why: format!("OSSL_PROVIDER_try_load failed ({why})"),
                })
            } else {
                Ok(())
            }
        })
    }

    /// The first error of OpenSSL's (thread-local) error queue as one line, the queue then
    /// cleared.
    fn error_text(&self) -> String {
        // SAFETY: the error functions only touch this thread's error queue; the buffer is
        // 256 bytes and ERR_error_string_n writes at most `len` bytes, NUL included.
        unsafe {
            let code = (self.f.ERR_get_error)();
            let text = if code == 0 {
                "no error reported".to_string()
            } else {
                let mut buf = [0 as c_char; 256];
                (self.f.ERR_error_string_n)(code, buf.as_mut_ptr(), buf.len());
                ffi::c_text(buf.as_ptr()).unwrap_or_default()
            };
            (self.f.ERR_clear_error)();
            ffi::one_line(&text)
        }
    }

    /// A failed call as a [`PeerError`], with OpenSSL's message.
    fn fail(&self, call: &'static str) -> PeerError {
        PeerError::Call {
            library: NAME,
            call,
            detail: self.error_text(),
        }
    }

    /// `Ok` when a call returning 1 on success returned 1.
    fn check(&self, ret: c_int, call: &'static str) -> PeerResult<()> {
        if ret == 1 {
            Ok(())
        } else {
            Err(self.fail(call))
        }
    }

    /// Takes ownership of an object a call returned (null: the call failed).
    fn own<T>(
        &'static self,
        p: *mut T,
        free: unsafe extern "C" fn(*mut T),
        call: &'static str,
    ) -> PeerResult<Owned<T>> {
        match NonNull::new(p) {
            Some(ptr) => Ok(Owned { ptr, free }),
            None => Err(self.fail(call)),
        }
    }

    /// A new `BIGNUM` set from big-endian bytes.
    ///
    /// # Errors
    /// [`PeerError::Call`] when OpenSSL cannot allocate it.
    pub fn bignum(&'static self, bytes: &[u8]) -> PeerResult<Bignum> {
        let mut b = Bignum {
            ssl: self,
            bn: self.own(
                // SAFETY: BN_new takes nothing.
                unsafe { (self.f.BN_new)() },
                self.f.BN_free,
                "BN_new",
            )?,
        };
        b.set(bytes)?;
        Ok(b)
    }

    fn bn_ctx(&'static self) -> PeerResult<Owned<BN_CTX>> {
        // SAFETY: BN_CTX_new takes nothing.
        self.own(
            unsafe { (self.f.BN_CTX_new)() },
            self.f.BN_CTX_free,
            "BN_CTX_new",
        )
    }

    /// A Montgomery context for the odd modulus `m`.
    fn mont(&'static self, m: &Bignum, ctx: &Owned<BN_CTX>) -> PeerResult<Owned<BN_MONT_CTX>> {
        // SAFETY: BN_MONT_CTX_new takes nothing; BN_MONT_CTX_set reads a valid BIGNUM.
        let mont = self.own(
            unsafe { (self.f.BN_MONT_CTX_new)() },
            self.f.BN_MONT_CTX_free,
            "BN_MONT_CTX_new",
        )?;
        self.check(
            unsafe { (self.f.BN_MONT_CTX_set)(mont.ptr(), m.ptr(), ctx.ptr()) },
            "BN_MONT_CTX_set",
        )?;
        Ok(mont)
    }
}

/// An object OpenSSL allocated, freed with its `*_free` function on drop.
pub(crate) struct Owned<T> {
    ptr: NonNull<T>,
    free: unsafe extern "C" fn(*mut T),
}

impl<T> Owned<T> {
    fn ptr(&self) -> *mut T {
        self.ptr.as_ptr()
    }
}

impl<T> Drop for Owned<T> {
    fn drop(&mut self) {
        // SAFETY: the pointer came from the matching constructor and is freed once.
        unsafe { (self.free)(self.ptr.as_ptr()) }
    }
}

// SAFETY: OpenSSL objects may be used from any thread, one thread at a time; every wrapper
// changes its objects through `&mut self` only.
unsafe impl<T> Send for Owned<T> {}

#[cfg(test)]
mod tests;
