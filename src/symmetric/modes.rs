//! Modes of operation (NIST SP 800-38A: ECB, CBC, CFB, OFB, CTR) over any block cipher of
//! the `cipher` 0.5 traits, and ARCFOUR as a stream cipher, behind one object-safe interface,
//! [`Engine`].
//!
//! Each call of [`Engine::apply`] starts from a fresh mode state made from the IV (the key
//! schedule is made once, when the engine is built, and borrowed by the mode): so the output of
//! a call depends only on (key, IV, input), and every timed call can be checked afterwards.
//! The modes come from the RustCrypto crates `cbc`, `cfb-mode` (full-block CFB, "CFB128" for
//! AES), `ofb` and `ctr`; ECB is the block cipher applied to each block.
//! ARCFOUR has no IV: each call runs the key schedule (RFC 6229's keystream starts at offset 0),
//! which shows up as the per-call cost (intercept) of the slope fit. Salsa20 takes its nonce
//! as the IV: each call starts its keystream at block 0 from the key and the nonce.

use crate::error::DataError;
use crate::error::{Error, Result};
use cipher::{
    BlockCipherDecrypt, BlockCipherEncrypt, BlockModeDecrypt, BlockModeEncrypt, InOutBuf,
    InnerIvInit, KeyInit, KeyIvInit, StreamCipher, StreamCipherCore,
};
use ctr::CtrCore;
use ctr::flavors::CtrFlavor;
use serde::Serialize;
use std::marker::PhantomData;

/// A mode of operation (NIST SP 800-38A), or `Stream` for a stream cipher.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Electronic codebook: each block enciphered alone.
    Ecb,
    /// Cipher block chaining: C_i = E(P_i xor C_{i-1}), C_0 = IV.
    Cbc,
    /// Cipher feedback, full block: C_i = P_i xor E(C_{i-1}).
    Cfb,
    /// Output feedback: O_i = E(O_{i-1}), C_i = P_i xor O_i.
    Ofb,
    /// Counter: C_i = P_i xor E(IV + i - 1), the whole block a big-endian counter.
    Ctr,
    /// A stream cipher's keystream XORed with the data (ARCFOUR).
    Stream,
}

/// The block modes, in libgcrypt's column order.
pub const BLOCK_MODES: [Mode; 5] = [Mode::Ecb, Mode::Cbc, Mode::Cfb, Mode::Ofb, Mode::Ctr];

impl Mode {
    /// Upper-case name for tables ("ECB", "CBC", ..., "STREAM").
    pub fn label(self) -> &'static str {
        match self {
            Mode::Ecb => "ECB",
            Mode::Cbc => "CBC",
            Mode::Cfb => "CFB",
            Mode::Ofb => "OFB",
            Mode::Ctr => "CTR",
            Mode::Stream => "STREAM",
        }
    }
}

/// Encrypt or decrypt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Plaintext to ciphertext.
    Encrypt,
    /// Ciphertext to plaintext.
    Decrypt,
}

impl Direction {
    /// The other direction, which undoes this one.
    pub fn opposite(self) -> Direction {
        match self {
            Direction::Encrypt => Direction::Decrypt,
            Direction::Decrypt => Direction::Encrypt,
        }
    }

    /// "enc" or "dec".
    pub fn short(self) -> &'static str {
        match self {
            Direction::Encrypt => "enc",
            Direction::Decrypt => "dec",
        }
    }
}

/// A keyed cipher that can process buffers in every mode it supports.
pub trait Engine: Send + Sync {
    /// Block size in bytes (1 for a stream cipher).
    fn block_bytes(&self) -> usize;

    /// The modes this engine supports ([`BLOCK_MODES`] or `[Stream]`).
    fn modes(&self) -> &'static [Mode];

    /// Processes `input` into `output` in `mode` and direction `dir` from a fresh state made
    /// from `iv` (ignored by ECB and by the stream cipher; [`Engine::block_bytes`] long
    /// otherwise).
    ///
    /// # Errors
    /// [`Error::Input`] ([`DataError::StreamCipherMode`] for a block mode of the stream cipher)
    /// when the mode is not supported, the lengths of `input` and `output`
    /// differ or are not a multiple of the block size, or `iv` has the wrong length.
    fn apply(
        &self,
        mode: Mode,
        dir: Direction,
        iv: &[u8],
        input: &[u8],
        output: &mut [u8],
    ) -> Result<()>;

    /// Enciphers (or deciphers) one block in place with the bare block cipher, the building
    /// block of the reference modes in [`crate::symmetric::kat`]. `None` for a stream cipher.
    ///
    /// # Errors
    /// [`Error::Input`] when `block` is not one block long.
    fn block(&self, dir: Direction, block: &mut [u8]) -> Option<Result<()>>;
}

/// A block cipher `C` with its modes; `F` is the CTR counter flavour (the whole block as a
/// big-endian counter: `Ctr64BE` for 64-bit blocks, `Ctr128BE` for 128-bit blocks).
pub struct BlockEngine<C, F> {
    cipher: C,
    _flavor: PhantomData<fn() -> F>,
}

impl<C, F> BlockEngine<C, F>
where
    C: BlockCipherEncrypt + BlockCipherDecrypt + Send + Sync + 'static,
    F: CtrFlavor<C::BlockSize> + 'static,
{
    /// Wraps a keyed block cipher.
    pub fn boxed(cipher: C) -> Box<dyn Engine> {
        Box::new(BlockEngine {
            cipher,
            _flavor: PhantomData::<fn() -> F>,
        })
    }
}

fn check_lengths(bs: usize, input: &[u8], output: &[u8]) -> Result<()> {
    if input.len() != output.len() {
        return Err(Error::input(format!(
            "input is {} but output is {}",
            crate::error::n_bytes(input.len()),
            crate::error::n_bytes(output.len())
        )));
    }
    if !input.len().is_multiple_of(bs) {
        return Err(Error::input(format!(
            "{} is not a multiple of the {bs}-byte block",
            crate::error::n_bytes(input.len())
        )));
    }
    Ok(())
}

impl<C, F> Engine for BlockEngine<C, F>
where
    C: BlockCipherEncrypt + BlockCipherDecrypt + Send + Sync + 'static,
    F: CtrFlavor<C::BlockSize> + 'static,
{
    fn block_bytes(&self) -> usize {
        <C::BlockSize as cipher::typenum::Unsigned>::USIZE
    }

    fn modes(&self) -> &'static [Mode] {
        &BLOCK_MODES
    }

    fn apply(
        &self,
        mode: Mode,
        dir: Direction,
        iv: &[u8],
        input: &[u8],
        output: &mut [u8],
    ) -> Result<()> {
        let bs = self.block_bytes();
        check_lengths(bs, input, output)?;
        if mode == Mode::Stream {
            return Err(Error::input(
                "a block cipher needs a mode: ecb, cbc, cfb, ofb or ctr",
            ));
        }
        let zero = cipher::Block::<C>::default();
        let iv: &cipher::Block<C> = if mode == Mode::Ecb {
            &zero
        } else {
            iv.try_into().map_err(|_| {
                Error::input(format!(
                    "IV must be {} ({} hex digits), got {}",
                    crate::error::n_bytes(bs),
                    2 * bs,
                    crate::error::n_bytes(iv.len())
                ))
            })?
        };
        let c = &self.cipher;
        use Direction::{Decrypt as D, Encrypt as E};
        let buf = InOutBuf::new(input, output).expect("lengths checked");
        let (blocks, tail) = buf.into_chunks::<C::BlockSize>();
        debug_assert!(tail.is_empty());
        match (mode, dir) {
            (Mode::Ecb, E) => c.encrypt_blocks_inout(blocks),
            (Mode::Ecb, D) => c.decrypt_blocks_inout(blocks),
            (Mode::Cbc, E) => {
                cbc::Encryptor::<&C>::inner_iv_init(c, iv).encrypt_blocks_inout(blocks)
            }
            (Mode::Cbc, D) => {
                cbc::Decryptor::<&C>::inner_iv_init(c, iv).decrypt_blocks_inout(blocks)
            }
            (Mode::Cfb, E) => {
                cfb_mode::Encryptor::<&C>::inner_iv_init(c, iv).encrypt_blocks_inout(blocks)
            }
            (Mode::Cfb, D) => {
                cfb_mode::Decryptor::<&C>::inner_iv_init(c, iv).decrypt_blocks_inout(blocks)
            }
            // OFB and CTR are their own inverses: the keystream XORed either way. Whole
            // blocks only, so the mode cores are used without the byte-buffering wrapper.
            (Mode::Ofb, _) => {
                ofb::OfbCore::<&C>::inner_iv_init(c, iv).apply_keystream_blocks_inout(blocks)
            }
            (Mode::Ctr, _) => {
                CtrCore::<&C, F>::inner_iv_init(c, iv).apply_keystream_blocks_inout(blocks)
            }
            (Mode::Stream, _) => unreachable!("rejected above"),
        }
        Ok(())
    }

    fn block(&self, dir: Direction, block: &mut [u8]) -> Option<Result<()>> {
        let bs = self.block_bytes();
        let Ok(b) = <&mut cipher::Block<C>>::try_from(block) else {
            return Some(Err(Error::input(format!("a block is {bs} bytes"))));
        };
        match dir {
            Direction::Encrypt => self.cipher.encrypt_block(b),
            Direction::Decrypt => self.cipher.decrypt_block(b),
        }
        Some(Ok(()))
    }
}

/// The checks of a stream cipher's call: equal lengths, and the stream mode (the error names
/// the cipher `name`).
fn check_stream_call(name: &str, mode: Mode, input: &[u8], output: &[u8]) -> Result<()> {
    check_lengths(1, input, output)?;
    if mode != Mode::Stream {
        return Err(DataError::StreamCipherMode {
            cipher: name.to_string(),
            mode: mode.label().to_string(),
        }
        .into());
    }
    Ok(())
}

/// ARCFOUR (RC4) with its key kept: every call runs the key schedule and XORs the keystream
/// from offset 0 (the `rc4` crate's `Rc4`, checked against RFC 6229).
pub struct StreamEngine {
    key: Vec<u8>,
}

impl StreamEngine {
    /// An ARCFOUR engine for a key of 1 to 256 bytes.
    ///
    /// # Errors
    /// [`cipher::InvalidLength`] for other key lengths.
    pub fn new(key: &[u8]) -> std::result::Result<StreamEngine, cipher::InvalidLength> {
        rc4::Rc4::new_from_slice(key)?;
        Ok(StreamEngine { key: key.to_vec() })
    }
}

impl Engine for StreamEngine {
    fn block_bytes(&self) -> usize {
        1
    }

    fn modes(&self) -> &'static [Mode] {
        &[Mode::Stream]
    }

    fn apply(
        &self,
        mode: Mode,
        _dir: Direction,
        _iv: &[u8],
        input: &[u8],
        output: &mut [u8],
    ) -> Result<()> {
        check_stream_call("arcfour", mode, input, output)?;
        let mut rc4 = rc4::Rc4::new_from_slice(&self.key).expect("key length checked in new");
        rc4.apply_keystream_b2b(input, output);
        Ok(())
    }

    fn block(&self, _dir: Direction, _block: &mut [u8]) -> Option<Result<()>> {
        None
    }
}

/// A stream cipher with a nonce (Salsa20: the `salsa20` crate's `Salsa20`), its key kept:
/// every call starts the keystream at block 0 from the key and the nonce given as the IV
/// ([`Engine::apply`]'s `iv`, exactly the cipher's nonce length).
pub struct NonceStreamEngine<C> {
    key: Vec<u8>,
    name: &'static str,
    _cipher: PhantomData<fn() -> C>,
}

impl<C: KeyIvInit + StreamCipher + 'static> NonceStreamEngine<C> {
    /// The engine of `C` for `key`, named `name` in errors (`salsa20`).
    ///
    /// # Errors
    /// [`cipher::InvalidLength`] for a key of another length than `C`'s.
    pub fn boxed(
        key: &[u8],
        name: &'static str,
    ) -> std::result::Result<Box<dyn Engine>, cipher::InvalidLength> {
        C::new_from_slices(key, &cipher::Iv::<C>::default())?;
        Ok(Box::new(NonceStreamEngine::<C> {
            key: key.to_vec(),
            name,
            _cipher: PhantomData,
        }))
    }
}

impl<C: KeyIvInit + StreamCipher + 'static> Engine for NonceStreamEngine<C> {
    fn block_bytes(&self) -> usize {
        1
    }

    fn modes(&self) -> &'static [Mode] {
        &[Mode::Stream]
    }

    fn apply(
        &self,
        mode: Mode,
        _dir: Direction,
        iv: &[u8],
        input: &[u8],
        output: &mut [u8],
    ) -> Result<()> {
        check_stream_call(self.name, mode, input, output)?;
        let n = <C::IvSize as cipher::typenum::Unsigned>::USIZE;
        let mut c = C::new_from_slices(&self.key, iv).map_err(|_| {
            Error::input(format!(
                "nonce must be {} ({} hex digits), got {}",
                crate::error::n_bytes(n),
                2 * n,
                crate::error::n_bytes(iv.len())
            ))
        })?;
        c.apply_keystream_b2b(input, output);
        Ok(())
    }

    fn block(&self, _dir: Direction, _block: &mut [u8]) -> Option<Result<()>> {
        None
    }
}
