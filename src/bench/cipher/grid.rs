//! The buffer sizes of a slope measurement ([`SizeGrid`]).

use crate::bench::slope;
use crate::error::{DataError, Result};
use serde::Serialize;

/// Buffer sizes of a slope measurement.
#[derive(Debug, Clone, Serialize)]
pub struct SizeGrid {
    /// Smallest buffer, bytes.
    pub min_bytes: usize,
    /// Largest buffer, bytes.
    pub max_bytes: usize,
    /// Number of sizes, evenly spaced.
    pub points: usize,
    /// Sizes given one by one (`openssl speed`'s 16, 64, 256, 1024, 8192, 16384), bytes,
    /// each a multiple of 16; when not empty they replace the evenly spaced grid.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub list: Vec<usize>,
}

impl Default for SizeGrid {
    /// 16 sizes from 16 B to 4 KiB (16, 288, 560, …, 4096).
    fn default() -> Self {
        SizeGrid {
            min_bytes: 16,
            max_bytes: 4096,
            points: 16,
            list: Vec::new(),
        }
    }
}

impl SizeGrid {
    /// The sizes, rounded to multiples of 16 bytes (a whole number of blocks for every
    /// cipher here).
    ///
    /// # Errors
    /// [`DataError::SlopeSizes`] when the range is empty or above 16 MiB,
    /// [`DataError::SlopeTooFewSizes`] when it has fewer than 2 distinct sizes.
    pub fn sizes(&self) -> Result<Vec<usize>> {
        if !self.list.is_empty() {
            let mut v = self.list.clone();
            v.sort_unstable();
            v.dedup();
            if let Some(&size) = v
                .iter()
                .find(|&&b| b == 0 || b > 1 << 24 || !b.is_multiple_of(16))
            {
                return Err(DataError::SlopeSizeList {
                    size,
                    limit: 1 << 24,
                }
                .into());
            }
            if v.len() < 2 {
                return Err(DataError::SlopeTooFewSizes.into());
            }
            return Ok(v);
        }
        if self.min_bytes == 0 || self.max_bytes < self.min_bytes || self.max_bytes > 1 << 24 {
            return Err(DataError::SlopeSizes {
                min: self.min_bytes,
                max: self.max_bytes,
                limit: 1 << 24,
            }
            .into());
        }
        let v = slope::sizes(self.min_bytes, self.max_bytes, self.points, 16);
        if self.points < 2 || v.len() < 2 {
            return Err(DataError::SlopeTooFewSizes.into());
        }
        Ok(v)
    }
}
