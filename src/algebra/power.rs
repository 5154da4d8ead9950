//! Binary powering, the one square-and-multiply loop of the library (matrices, transfer
//! systems and their residues, quadratic numbers, certified interval matrices).

/// `base^e` by square-and-multiply: about `log2 e` squarings and at most as many products,
/// with `one` the neutral element and `mul` the product (which may fail).
///
/// ```
/// use hanoilab::algebra::power::try_binary_power;
/// let r: Result<u64, ()> = try_binary_power(3u64, 13, 1, |a, b| Ok(a * b));
/// assert_eq!(r, Ok(1_594_323));
/// ```
pub fn try_binary_power<T, E>(
    base: T,
    mut e: u64,
    one: T,
    mut mul: impl FnMut(&T, &T) -> Result<T, E>,
) -> Result<T, E> {
    let mut result = one;
    let mut base = base;
    while e > 0 {
        if e & 1 == 1 {
            result = mul(&result, &base)?;
        }
        e >>= 1;
        if e > 0 {
            base = mul(&base, &base)?;
        }
    }
    Ok(result)
}

/// [`try_binary_power`] with a product that cannot fail.
///
/// ```
/// use hanoilab::algebra::power::binary_power;
/// assert_eq!(binary_power(2u128, 100, 1, |a, b| a * b), 1u128 << 100);
/// ```
pub fn binary_power<T>(base: T, e: u64, one: T, mut mul: impl FnMut(&T, &T) -> T) -> T {
    match try_binary_power::<T, std::convert::Infallible>(base, e, one, |a, b| Ok(mul(a, b))) {
        Ok(v) => v,
        Err(never) => match never {},
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equals_repeated_products() {
        for b in 0u128..6 {
            let mut acc = 1u128;
            for e in 0..40u64 {
                assert_eq!(binary_power(b, e, 1, |x, y| x * y), acc);
                acc *= b;
            }
        }
    }
}
