//! Parquet export through polars (feature `tables`).
//!
//! Each column is typed by its [`ColumnKind`], as in the CSV twin: `Int64` where every value
//! fits (and a float would keep it, when the column has gaps), booleans as `Boolean`, other
//! integers as strings of decimal digits in a column named `NAME_decimal`, texts as strings;
//! empty cells are nulls. A reader in pandas, polars or pyarrow gets the exact numbers back.

use super::table::{Cell, ColumnKind, Table, DECIMAL_SUFFIX};
use super::OutputError;
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use polars::prelude::*;
use std::path::Path;

/// Converts a [`Table`] into a polars `DataFrame`, its columns named and typed as in the
/// files ([`Table::file_column_name`], [`Table::column_kind`]).
pub fn to_dataframe(table: &Table) -> Result<DataFrame, PolarsError> {
    let mut columns = Vec::with_capacity(table.columns.len());
    for j in 0..table.columns.len() {
        let name = table.file_column_name(j);
        let cells = table.rows.iter().map(|r| &r[j]);
        let column = match table.column_kind(j) {
            ColumnKind::Integer => {
                let values: Vec<Option<i64>> = cells
                    .map(|c| match c {
                        Cell::Int(v) => v.to_i64(),
                        _ => None,
                    })
                    .collect();
                Column::new(name.as_str().into(), values)
            }
            ColumnKind::Boolean => {
                let values: Vec<Option<bool>> = cells
                    .map(|c| match c {
                        Cell::Bool(b) => Some(*b),
                        _ => None,
                    })
                    .collect();
                Column::new(name.as_str().into(), values)
            }
            ColumnKind::Decimal | ColumnKind::Text => {
                let values: Vec<Option<String>> =
                    cells.map(|c| (!c.is_empty()).then(|| c.text())).collect();
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

/// Reads a Parquet file written by [`to_parquet_bytes`] back into the [`Table`] it was
/// written from: a `NAME_decimal` column becomes the integer column `NAME`, `Int64` cells
/// integers, booleans booleans, nulls empty cells.
pub fn read_parquet(path: &Path) -> Result<Table, OutputError> {
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
        columns: names
            .iter()
            .map(|n| n.strip_suffix(DECIMAL_SUFFIX).unwrap_or(n).to_string())
            .collect(),
        rows: vec![Vec::with_capacity(names.len()); df.height()],
    };
    for (j, col) in df.columns().iter().enumerate() {
        let decimal = names[j].ends_with(DECIMAL_SUFFIX);
        for (i, row) in table.rows.iter_mut().enumerate() {
            let value = col.get(i).map_err(|e| err(e.to_string()))?;
            let text = match &value {
                AnyValue::String(s) => Some(s.to_string()),
                AnyValue::StringOwned(s) => Some(s.to_string()),
                _ => None,
            };
            let cell =
                match (value, text) {
                    (AnyValue::Null, _) => Cell::Empty,
                    (AnyValue::Int64(v), _) => Cell::Int(BigInt::from(v)),
                    (AnyValue::Boolean(b), _) => Cell::Bool(b),
                    (_, Some(s)) if decimal => Cell::Int(s.parse().map_err(|_| {
                        err(format!("column {}: `{s}` is not an integer", names[j]))
                    })?),
                    (_, Some(s)) => Cell::Text(s),
                    (other, None) => Cell::Text(other.to_string()),
                };
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
        let mut t = Table::new(&["n", "small", "big", "note", "even"]);
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
                if n % 5 == 0 {
                    Cell::Empty
                } else {
                    Cell::from(n % 2 == 0)
                },
            ]);
        }
        let df = to_dataframe(&t).unwrap();
        let types: Vec<(String, DataType)> = df
            .columns()
            .iter()
            .map(|c| (c.name().to_string(), c.dtype().clone()))
            .collect();
        assert_eq!(
            types,
            [
                ("n".to_string(), DataType::Int64),
                ("small".to_string(), DataType::Int64),
                ("big_decimal".to_string(), DataType::String),
                ("note".to_string(), DataType::String),
                ("even".to_string(), DataType::Boolean),
            ]
        );
        assert_eq!(df.column("note").unwrap().null_count(), 14);
        let bytes = to_parquet_bytes(&t).unwrap();
        assert_eq!(bytes, to_parquet_bytes(&t).unwrap(), "deterministic bytes");
        let dir = std::env::temp_dir().join(format!("hanoilab-pq-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.parquet");
        std::fs::write(&path, &bytes).unwrap();
        let back = read_parquet(&path).unwrap();
        assert_eq!(back, t);
        // An empty text is stored as null, as the CSV cannot tell it from no value.
        let mut blank = Table::new(&["seconds"]);
        blank.push(vec![Cell::from("1.50")]);
        blank.push(vec![Cell::from("")]);
        std::fs::write(&path, to_parquet_bytes(&blank).unwrap()).unwrap();
        let back = read_parquet(&path).unwrap();
        assert_eq!(back.rows[1], [Cell::Empty]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
