//! The hashes of libgcrypt's 2013 benchmark table (`tests/benchmark.c`, the seed of
//! `pkbench hash --modes gcrypt`) that the 1995 list lacks: SHA-224, SHA-384 and SHA-512
//! through the RustCrypto `sha2` crate, and RIPEMD-160, TIGER192, Tiger, WHIRLPOOL, CRC-32
//! and CRC-24, which pkbench has no code for: libgcrypt computes them ([`Code::Library`],
//! `--impl gcrypt`), checked on the published known answers below before timing.

use super::registry::{Code, Hash, KnownAnswer, Member};
use crate::implementation::Library;

/// The known answers of a table of (ASCII message, hex digest), and one million 'a' when
/// `million_a` is given.
fn answers(vectors: &[(&str, &str)], million_a: Option<&str>) -> Vec<KnownAnswer> {
    let mut v: Vec<KnownAnswer> = vectors
        .iter()
        .map(|(m, d)| KnownAnswer::text(m, d))
        .collect();
    if let Some(d) = million_a {
        v.push(KnownAnswer {
            message: vec![b'a'; 1_000_000],
            digest: hex::decode(d).expect("registry digests are hex (tested)"),
        });
    }
    v
}

/// FIPS 180-4's one-block and two-block messages of SHA-224/256 ("abc", 448 bits) and of
/// SHA-384/512 ("abc", 896 bits).
const ABC: &str = "abc";
const M448: &str = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
const M896: &str = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

/// A SHA-2 entry of the `sha2` crate.
macro_rules! sha2_entry {
    ($name:literal, $alias:literal, $title:literal, $ty:ty, $answers:expr, $features:expr) => {
        Hash {
            name: $name,
            aliases: &[$alias],
            title: $title,
            help: $name,
            list: $name,
            list_note: "",
            code: Code::Crate("sha2"),
            cpu_features: $features,
            members: &[Member::of::<$ty>($title, $answers)],
            default_member: 0,
            parse_member: None,
            known_answers_source: "FIPS 180-4 examples (\"abc\", the two-block message, one million 'a')",
            in_suite: false,
        }
    };
}

/// SHA-224 (FIPS 180-4), 224-bit, from the `sha2` crate (its SHA-256 code: the SHA
/// extensions where the CPU has them).
pub static SHA224: Hash = sha2_entry!(
    "sha224",
    "sha-224",
    "SHA-224",
    sha2::Sha224,
    || {
        answers(
            &[
                (
                    ABC,
                    "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
                ),
                (
                    M448,
                    "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525",
                ),
            ],
            Some("20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67"),
        )
    },
    &["sha"]
);

/// SHA-384 (FIPS 180-4), 384-bit, from the `sha2` crate (its SHA-512 code: AVX2 where the
/// CPU has it).
pub static SHA384: Hash = sha2_entry!(
    "sha384",
    "sha-384",
    "SHA-384",
    sha2::Sha384,
    || {
        answers(
            &[
                (
                    ABC,
                    "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
                ),
                (
                    M896,
                    "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039",
                ),
            ],
            Some(
                "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985",
            ),
        )
    },
    &["avx2"]
);

/// SHA-512 (FIPS 180-4), 512-bit, from the `sha2` crate (AVX2 where the CPU has it).
pub static SHA512: Hash = sha2_entry!(
    "sha512",
    "sha-512",
    "SHA-512",
    sha2::Sha512,
    || {
        answers(
            &[
                (
                    ABC,
                    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
                ),
                (
                    M896,
                    "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909",
                ),
            ],
            Some(
                "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b",
            ),
        )
    },
    &["avx2"]
);

/// An entry pkbench has no code for: libgcrypt computes it.
macro_rules! gcrypt_entry {
    ($name:literal, $aliases:expr, $title:literal, $bytes:literal, $answers:expr, $source:literal) => {
        Hash {
            name: $name,
            aliases: $aliases,
            title: $title,
            help: $name,
            list: $name,
            list_note: "",
            code: Code::Library(Library::Gcrypt),
            cpu_features: &[],
            members: &[Member::library($title, $bytes, $answers)],
            default_member: 0,
            parse_member: None,
            known_answers_source: $source,
            in_suite: false,
        }
    };
}

/// RIPEMD-160 (Dobbertin–Bosselaers–Preneel 1996), 160-bit: libgcrypt's RIPEMD160.
pub static RIPEMD160: Hash = gcrypt_entry!(
    "ripemd160",
    &["rmd160", "ripemd-160"],
    "RIPEMD-160",
    20,
    || answers(
        &[
            ("", "9c1185a5c5e9fc54612808977ee8f548b2258d31"),
            ("a", "0bdc9d2d256b3ee9daae347be6f4dc835a467ffe"),
            ("abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"),
            ("message digest", "5d0689ef49d2fae572b881b123a85ffa21595f36"),
            (
                "abcdefghijklmnopqrstuvwxyz",
                "f71c27109c692c1b56bbdceb5b9d2865b3708dbc"
            ),
            (M448, "12a053384a9c0c88e405a06c27dcf49ada62eb2b"),
            (
                "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
                "b0e20b6e3116640286ed3a87a5713079b21f5189"
            ),
            (
                "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
                "9b752e45573d4b39f4dbd3323cab82bf63326bfb"
            ),
        ],
        Some("52783243c1697bdbe16d37f97f68f08325dc1528"),
    ),
    "the RIPEMD-160 paper's test vectors (Dobbertin, Bosselaers, Preneel)"
);

/// Tiger's NESSIE messages; TIGER192's digests are the same words in the other byte order.
const TIGER_ABCDEF: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-";

/// Tiger (Anderson–Biham 1996), 192-bit, with the NESSIE output order: libgcrypt's TIGER
/// (`GCRY_MD_TIGER1`).
pub static TIGER: Hash = gcrypt_entry!(
    "tiger",
    &["tiger1"],
    "Tiger",
    24,
    || answers(
        &[
            ("", "3293ac630c13f0245f92bbb1766e16167a4e58492dde73f3"),
            ("a", "77befbef2e7ef8ab2ec8f93bf587a7fc613e247f5f247809"),
            ("abc", "2aab1484e8c158f2bfb8c5ff41b57a525129131c957b5f93"),
            (
                "message digest",
                "d981f8cb78201a950dcf3048751e441c517fca1aa55a29f6"
            ),
            ("Tiger", "dd00230799f5009fec6debc838bb6a27df2b9d6f110c7937"),
            (
                TIGER_ABCDEF,
                "f71c8583902afb879edfe610f82c0d4786a3a534504486b5"
            ),
        ],
        Some("6db0e2729cbead93d715c6a7d36302e9b3cee0d2bc314b41"),
    ),
    "NESSIE test vectors and the Tiger reference's (Anderson, Biham)"
);

/// TIGER192: Tiger with each 64-bit word of the digest written most significant byte
/// first, the order of GnuPG up to 1.3.2 and of libgcrypt's 2013 table row "TIGER192"
/// (`GCRY_MD_TIGER`).
pub static TIGER192: Hash = gcrypt_entry!(
    "tiger192",
    &[],
    "TIGER192",
    24,
    || answers(
        &[
            ("", "24f0130c63ac933216166e76b1bb925ff373de2d49584e7a"),
            ("a", "abf87e2eeffbbe77fca787f53bf9c82e0978245f7f243e61"),
            ("abc", "f258c1e88414ab2a527ab541ffc5b8bf935f7b951c132951"),
            (
                "message digest",
                "951a2078cbf881d91c441e754830cf0df6295aa51aca7f51"
            ),
            ("Tiger", "9f00f599072300dd276abb38c8eb6dec37790c116f9d2bdf"),
            (
                TIGER_ABCDEF,
                "87fb2a9083851cf7470d2cf810e6df9eb586445034a5a386"
            ),
        ],
        Some("93adbe9c72e2b06de90263d3a7c615d7414b31bcd2e0ceb3"),
    ),
    "the NESSIE Tiger vectors with each 64-bit word byte-reversed (libgcrypt's TIGER192 order)"
);

/// WHIRLPOOL (Barreto–Rijmen, ISO/IEC 10118-3:2004), 512-bit.
pub static WHIRLPOOL: Hash = gcrypt_entry!(
    "whirlpool",
    &[],
    "WHIRLPOOL",
    64,
    || answers(
        &[
            (
                "",
                "19fa61d75522a4669b44e39c1d2e1726c530232130d407f89afee0964997f7a73e83be698b288febcf88e3e03c4f0757ea8964e59b63d93708b138cc42a66eb3"
            ),
            (
                "a",
                "8aca2602792aec6f11a67206531fb7d7f0dff59413145e6973c45001d0087b42d11bc645413aeff63a42391a39145a591a92200d560195e53b478584fdae231a"
            ),
            (
                "abc",
                "4e2448a4c6f486bb16b6562c73b4020bf3043e3a731bce721ae1b303d97e6d4c7181eebdb6c57e277d0e34957114cbd6c797fc9d95d8b582d225292076d4eef5"
            ),
            (
                "message digest",
                "378c84a4126e2dc6e56dcc7458377aac838d00032230f53ce1f5700c0ffb4d3b8421557659ef55c106b4b52ac5a4aaa692ed920052838f3362e86dbd37a8903e"
            ),
            (
                "abcdefghijklmnopqrstuvwxyz",
                "f1d754662636ffe92c82ebb9212a484a8d38631ead4238f5442ee13b8054e41b08bf2a9251c30b6a0b8aae86177ab4a6f68f673e7207865d5d9819a3dba4eb3b"
            ),
        ],
        Some(
            "0c99005beb57eff50a7cf005560ddf5d29057fd86b20bfd62deca0f1ccea4af51fc15490eddc47af32bb2b66c34ff9ad8c6008ad677f77126953b226e4ed8b01"
        ),
    ),
    "NESSIE / ISO/IEC 10118-3 test vectors"
);

/// CRC-32 (ISO-HDLC: IEEE 802.3, zlib), 32 bits, as libgcrypt gives it: big-endian.
pub static CRC32: Hash = gcrypt_entry!(
    "crc32",
    &["crc-32"],
    "CRC-32",
    4,
    || answers(
        &[
            ("123456789", "cbf43926"),
            ("", "00000000"),
            ("The quick brown fox jumps over the lazy dog", "414fa339"),
        ],
        None,
    ),
    "the check value of \"123456789\" (0xCBF43926, the CRC catalogue), the empty message and the pangram's 0x414FA339"
);

/// CRC-24 of OpenPGP (RFC 4880 §6.1: polynomial 0x864CFB, initial value 0xB704CE), 24 bits,
/// big-endian: libgcrypt's CRC24RFC2440.
pub static CRC24: Hash = gcrypt_entry!(
    "crc24",
    &["crc-24"],
    "CRC-24",
    3,
    || answers(&[("123456789", "21cf02"), ("", "b704ce"),], None,),
    "the check value of \"123456789\" (0x21CF02, CRC-24/OPENPGP in the CRC catalogue) and the empty message (RFC 4880's initial value)"
);

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 4880 §6.1's `crc_octets`, bit by bit: the reference CRC-24 answers are checked with.
    fn crc24(data: &[u8]) -> u32 {
        let mut crc: u32 = 0xB704CE;
        for &b in data {
            crc ^= u32::from(b) << 16;
            for _ in 0..8 {
                crc <<= 1;
                if crc & 0x1000000 != 0 {
                    crc ^= 0x1864CFB;
                }
            }
        }
        crc & 0xFFFFFF
    }

    /// CRC-32 (reflected polynomial 0xEDB88320, initial and final 0xFFFFFFFF), bit by bit.
    fn crc32(data: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for &b in data {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 != 0 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    #[test]
    fn crc_answers_match_the_rfc_code() {
        for k in (CRC24.members[0].known_answers)() {
            assert_eq!(
                crc24(&k.message).to_be_bytes()[1..],
                k.digest[..],
                "{}",
                k.describe()
            );
        }
        for k in (CRC32.members[0].known_answers)() {
            assert_eq!(
                crc32(&k.message).to_be_bytes()[..],
                k.digest[..],
                "{}",
                k.describe()
            );
        }
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc24(b"123456789"), 0x21CF02);
    }

    #[test]
    fn tiger192_is_tiger_with_each_word_reversed() {
        let (t, t192) = (
            (TIGER.members[0].known_answers)(),
            (TIGER192.members[0].known_answers)(),
        );
        assert_eq!(t.len(), 7);
        assert_eq!(t.len(), t192.len());
        for (a, b) in t.iter().zip(&t192) {
            assert_eq!(a.message, b.message);
            let swapped: Vec<u8> = a
                .digest
                .chunks(8)
                .flat_map(|w| w.iter().rev().copied())
                .collect();
            assert_eq!(swapped, b.digest, "{}", a.describe());
            assert_ne!(a.digest, b.digest);
        }
    }

    #[test]
    fn every_answer_has_its_entry_length() {
        for h in [
            &SHA224, &SHA384, &SHA512, &RIPEMD160, &TIGER, &TIGER192, &WHIRLPOOL, &CRC32, &CRC24,
        ] {
            let m = &h.members[0];
            let kats = (m.known_answers)();
            assert!(kats.len() >= 2, "{}", h.name);
            for k in kats {
                assert_eq!(
                    k.digest.len(),
                    m.output_bytes,
                    "{} {}",
                    h.name,
                    k.describe()
                );
            }
            assert_eq!(m.own.is_some(), h.code == Code::Crate("sha2"), "{}", h.name);
        }
    }
}
