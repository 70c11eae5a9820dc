//! The level solve: codes, resuming after a kill, damage found.

use super::codec::{largest_rounding_error, Packed, Quantum, CODE_BITS};

/// Packing and reading back, for every width and lengths that end
/// anywhere within a group of 16 codes.
#[test]
fn packed_codes_read_back() {
    let mut seed = 99u64;
    for bits in 1..=16u32 {
        for len in [0usize, 1, 15, 16, 17, 100, 1021] {
            let codes: Vec<u32> = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    u32::try_from(seed >> 40).unwrap() & ((1 << bits) - 1)
                })
                .collect();
            let words = Packed::pack(&codes, bits);
            // Reading every code stays within the words written.
            assert_eq!(Packed::words_read(0, len, bits).end, words.len(), "bits {bits} len {len}");
            let packed = Packed { words: &words, bits };
            for (i, &c) in codes.iter().enumerate() {
                assert_eq!(packed.get(i), c, "bits {bits} len {len} code {i}");
            }
        }
    }
}

/// Every value decodes to within half a step, the ends exactly.
#[test]
fn codes_round_to_half_a_step() {
    let values: Vec<f32> = (0..10_000u16).map(|i| 54.9 + f32::from(i) * 0.0213).collect();
    let q = Quantum::of(&values, CODE_BITS);
    assert!((q.step() - (values[9999] - values[0]) as f64 / 16383.0).abs() < 1e-9);
    for &v in &values {
        assert!((q.decode(q.encode(v)) - f64::from(v)).abs() <= q.step() / 2.0 + 1e-9);
    }
    assert_eq!(q.encode(values[0]), 0);
    assert_eq!(q.encode(values[9999]), 16383);
    assert!(largest_rounding_error(&values) <= q.step() / 2.0 + 1e-9);
}

/// A quantum read back from a level's JSON metadata decodes every code
/// to the very value the writer meant (an f64 step written there could
/// come back one ulp off).
#[test]
fn quantum_survives_the_metadata() {
    let mut seed = 7u64;
    for _ in 0..10_000 {
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            #[allow(clippy::cast_precision_loss)]
            let x = (seed >> 11) as f64 / (1u64 << 53) as f64;
            #[allow(clippy::cast_possible_truncation)]
            let v = (x * 400.0) as f32;
            v
        };
        let (a, b) = (next(), next());
        let q = Quantum::of(&[a, b], CODE_BITS);
        let back: Quantum = serde_json::from_str(&serde_json::to_string(&q).unwrap()).unwrap();
        assert_eq!(back, q);
        assert_eq!(back.step().to_bits(), q.step().to_bits());
    }
}
