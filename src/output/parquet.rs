//! Parquet export through polars (feature `tables`).
//!
//! Integer columns become `Int64` when every value fits, otherwise decimal strings, so a
//! reader in pandas or polars gets the exact numbers back.

use super::table::{Cell, Table};
use super::OutputError;
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use polars::prelude::*;
use std::path::Path;

/// Converts a [`Table`] into a polars `DataFrame`.
pub fn to_dataframe(table: &Table) -> Result<DataFrame, PolarsError> {
    let mut columns = Vec::with_capacity(table.columns.len());
    for (j, name) in table.columns.iter().enumerate() {
        let ints: Option<Vec<Option<i64>>> = if table.is_integer_column(j) {
            table
                .rows
                .iter()
                .map(|r| match &r[j] {
                    Cell::Int(v) => v.to_i64().map(Some),
                    _ => Some(None),
                })
                .collect()
        } else {
            None
        };
        let column = match ints {
            Some(values) => Column::new(name.as_str().into(), values),
            None => {
                let values: Vec<Option<String>> = table
                    .rows
                    .iter()
                    .map(|r| match &r[j] {
                        Cell::Empty => None,
                        c => Some(c.text()),
                    })
                    .collect();
                Column::new(name.as_str().into(), values)
            }
        };
        columns.push(column);
    }
    DataFrame::new(table.rows.len(), columns)
}

/// Serialises the table as Parquet bytes.
pub fn to_parquet_bytes(table: &Table) -> Result<Vec<u8>, OutputError> {
    let err = |e: PolarsError| OutputError::Parquet {
        path: "<memory>".into(),
        message: e.to_string(),
    };
    let mut df = to_dataframe(table).map_err(err)?;
    let mut bytes = Vec::new();
    ParquetWriter::new(&mut bytes)
        .with_compression(ParquetCompression::Zstd(None))
        .finish(&mut df)
        .map_err(err)?;
    Ok(bytes)
}

/// Reads a Parquet file written by [`to_parquet_bytes`] back into a [`Table`]; integer
/// columns stored as decimal strings are parsed back into integers when `integer_columns`
/// names them.
pub fn read_parquet(path: &Path, integer_columns: &[&str]) -> Result<Table, OutputError> {
    let err = |m: String| OutputError::Parquet {
        path: path.display().to_string(),
        message: m,
    };
    let file = std::fs::File::open(path).map_err(|e| OutputError::io(path, e))?;
    let df = ParquetReader::new(file)
        .finish()
        .map_err(|e| err(e.to_string()))?;
    let names: Vec<String> = df.columns().iter().map(|c| c.name().to_string()).collect();
    let mut table = Table {
        columns: names.clone(),
        rows: vec![Vec::with_capacity(names.len()); df.height()],
    };
    for (j, col) in df.columns().iter().enumerate() {
        let as_int = integer_columns.contains(&names[j].as_str());
        for (i, row) in table.rows.iter_mut().enumerate() {
            let value = col.get(i).map_err(|e| err(e.to_string()))?;
            let cell =
                match value {
                    AnyValue::Null => Cell::Empty,
                    AnyValue::Int64(v) => Cell::Int(BigInt::from(v)),
                    AnyValue::String(s) if as_int => Cell::Int(s.parse().map_err(|_| {
                        err(format!("column {}: `{s}` is not an integer", names[j]))
                    })?),
                    AnyValue::String(s) => Cell::Text(s.to_string()),
                    AnyValue::StringOwned(s) => Cell::Text(s.to_string()),
                    other => Cell::Text(other.to_string()),
                };
            let _ = j;
            row.push(cell);
        }
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parquet_round_trip_keeps_big_integers_exact() {
        let mut t = Table::new(&["n", "small", "big", "note"]);
        for n in 0..40u32 {
            let big = BigInt::from(3).pow(n * 3) - 1;
            t.push(vec![
                Cell::from(n as u64),
                Cell::from(2u64.pow(n) - 1),
                Cell::from(big),
                if n % 3 == 0 {
                    Cell::Empty
                } else {
                    Cell::from(format!("r{n}"))
                },
            ]);
        }
        let bytes = to_parquet_bytes(&t).unwrap();
        assert_eq!(bytes, to_parquet_bytes(&t).unwrap(), "deterministic bytes");
        let dir = std::env::temp_dir().join(format!("hanoilab-pq-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.parquet");
        std::fs::write(&path, &bytes).unwrap();
        let back = read_parquet(&path, &["big"]).unwrap();
        assert_eq!(back, t);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
