//! Which logical CPUs this process may run on, and pinning the calling thread to one of
//! them: `sched_getaffinity(2)` / `sched_setaffinity(2)` through `libc` (declared in
//! `<sched.h>`; with pid 0 both act on the calling thread). Off Linux the mask is not read:
//! [`allowed_cpus`] gives `0 … available_parallelism − 1` and [`pin_current_thread`]
//! reports that it cannot pin.

/// The logical CPUs in this thread's affinity mask, ascending (at least one).
///
/// # Errors
/// The OS error of `sched_getaffinity`.
pub fn allowed_cpus() -> std::io::Result<Vec<usize>> {
    imp::allowed_cpus()
}

/// Pins the calling thread to logical CPU `cpu` (it then runs only there).
///
/// # Errors
/// The OS error of `sched_setaffinity` (e.g. `EINVAL` for a CPU outside the mask), or
/// `Unsupported` off Linux.
pub fn pin_current_thread(cpu: usize) -> std::io::Result<()> {
    imp::pin(cpu)
}

#[cfg(target_os = "linux")]
mod imp {
    /// Most CPUs a `cpu_set_t` holds (`CPU_SETSIZE`, 1024 in glibc and musl).
    fn setsize() -> usize {
        8 * std::mem::size_of::<libc::cpu_set_t>()
    }

    pub fn allowed_cpus() -> std::io::Result<Vec<usize>> {
        // SAFETY: cpu_set_t is plain data; all-zero is the empty set (CPU_ZERO).
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        // SAFETY: pid 0 is the calling thread; the kernel writes at most `size_of` bytes
        // into `set`.
        let rc =
            unsafe { libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) };
        if rc != 0 {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: CPU_ISSET reads bit `c` of the set, `c` below CPU_SETSIZE.
        let cpus: Vec<usize> = (0..setsize())
            .filter(|&c| unsafe { libc::CPU_ISSET(c, &set) })
            .collect();
        if cpus.is_empty() {
            return Err(std::io::Error::other("empty affinity mask"));
        }
        Ok(cpus)
    }

    pub fn pin(cpu: usize) -> std::io::Result<()> {
        if cpu >= setsize() {
            return Err(std::io::Error::from_raw_os_error(libc::EINVAL));
        }
        // SAFETY: as above; CPU_SET writes bit `cpu` < CPU_SETSIZE.
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        unsafe { libc::CPU_SET(cpu, &mut set) };
        // SAFETY: pid 0 is the calling thread; the kernel reads `size_of` bytes of `set`.
        let rc =
            unsafe { libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) };
        if rc != 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(())
    }
}

#[cfg(not(target_os = "linux"))]
mod imp {
    pub fn allowed_cpus() -> std::io::Result<Vec<usize>> {
        let n = std::thread::available_parallelism()?.get();
        Ok((0..n).collect())
    }

    pub fn pin(_cpu: usize) -> std::io::Result<()> {
        Err(std::io::Error::new(
            std::io::ErrorKind::Unsupported,
            "thread pinning is implemented for Linux only",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mask_lists_real_cpus_and_pinning_keeps_to_one() {
        let cpus = allowed_cpus().unwrap();
        assert!(!cpus.is_empty());
        assert!(cpus.windows(2).all(|w| w[0] < w[1]));
        if !cfg!(target_os = "linux") {
            crate::testing::skip("pinning: sched_setaffinity is Linux only");
            return;
        }
        // Every CPU in the mask exists in sysfs.
        for c in &cpus {
            assert!(
                std::path::Path::new(&format!("/sys/devices/system/cpu/cpu{c}")).exists(),
                "cpu{c}"
            );
        }
        let last = *cpus.last().unwrap();
        std::thread::spawn(move || {
            pin_current_thread(last).unwrap();
            assert_eq!(allowed_cpus().unwrap(), vec![last]);
        })
        .join()
        .unwrap();
        assert!(pin_current_thread(1 << 20).is_err());
    }
}
