//! What the three peer modules share: opening a shared library, a table of C functions
//! resolved from it by name ([`ffi_table!`]), and reading a C string.
//!
//! Libraries are opened once and kept for the life of the process (each module keeps its
//! library in a `static` [`std::sync::OnceLock`], never dropped), so the function pointers
//! of a table stay valid, and OpenSSL's exit handlers keep their code.

use super::Unavailable;
use std::ffi::{CStr, c_char};

/// Declares a struct of C function pointers, one field per symbol (the field is named as the
/// symbol), with `resolve`, which looks every symbol up in a loaded library and names the
/// first one missing. Each field's C signature is cited in a comment above it.
macro_rules! ffi_table {
    (
        $(#[$meta:meta])*
        struct $name:ident {
            $( $sym:ident : fn($($arg:ty),* $(,)?) $(-> $ret:ty)? ; )*
        }
    ) => {
        $(#[$meta])*
        #[allow(non_snake_case)]
        pub(crate) struct $name {
            $( pub(crate) $sym: unsafe extern "C" fn($($arg),*) $(-> $ret)?, )*
        }

        impl $name {
            /// Looks up every symbol of the table in `lib`.
            ///
            /// # Errors
            /// The name of the first symbol `lib` does not export.
            pub(crate) fn resolve(lib: &libloading::Library) -> Result<Self, &'static str> {
                Ok($name {
                    $( $sym: $crate::peers::ffi::symbol::<unsafe extern "C" fn($($arg),*) $(-> $ret)?>(
                        lib,
                        concat!(stringify!($sym), "\0"),
                    ).ok_or(stringify!($sym))?, )*
                })
            }
        }
    };
}
pub(crate) use ffi_table;

/// Opens the shared library `soname` through the dynamic loader's search (as `dlopen` does:
/// `LD_LIBRARY_PATH`, the cache, the default directories).
///
/// # Errors
/// [`Unavailable::NotFound`] with the loader's message.
pub(crate) fn open(soname: &'static str) -> Result<libloading::Library, Unavailable> {
    // SAFETY: loading runs the library's initialisers. The three libraries pkbench opens
    // (libcrypto, libgcrypt, libgmp) are ordinary system libraries whose initialisers have
    // no preconditions; they are opened once per process and never closed.
    unsafe { libloading::Library::new(soname) }.map_err(|e| Unavailable::NotFound {
        soname: soname.to_string(),
        detail: one_line(&e.to_string()),
    })
}

/// The address of the symbol `name` (NUL-terminated) in `lib`, as a value of type `T` (a
/// function pointer type matching the C declaration, or a pointer to a variable); `None`
/// when `lib` does not export it.
pub(crate) fn symbol<T: Copy>(lib: &libloading::Library, name: &'static str) -> Option<T> {
    // SAFETY: the caller's `T` is the type the library's header declares for `name` (each
    // table cites the header); the library stays loaded for the life of the process, so the
    // copied pointer never dangles.
    unsafe { lib.get::<T>(name.as_bytes()) }.ok().map(|s| *s)
}

/// The text of a NUL-terminated C string owned by a library (a version string, an error
/// message), or `None` for a null pointer.
pub(crate) fn c_text(p: *const c_char) -> Option<String> {
    if p.is_null() {
        return None;
    }
    // SAFETY: `p` is non-null and points to a NUL-terminated string the library keeps alive
    // (static version and error texts).
    Some(unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
}

/// `s` on one line: line breaks and runs of spaces become one space.
pub(crate) fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A missing symbol as an [`Unavailable`] value.
pub(crate) fn missing(library: &str, symbol: &str, needed_for: &str) -> Unavailable {
    Unavailable::MissingSymbol {
        library: library.to_string(),
        symbol: symbol.to_string(),
        needed_for: needed_for.to_string(),
    }
}
