-- Loads the same rows as sources.db into PostgreSQL, typed by the server: date, numeric, timestamptz.
-- Run by PostgresSourceTests with psql from this folder (\copy reads the client's files).
CREATE TABLE sales (n serial PRIMARY KEY, date date NOT NULL, region text NOT NULL, revenue numeric);
\copy sales (date, region, revenue) FROM 'sales.csv' WITH (FORMAT csv, HEADER true)
CREATE TABLE battery (n serial PRIMARY KEY, timestamp timestamptz NOT NULL, level double precision);
\copy battery (timestamp, level) FROM 'battery.tsv' WITH (FORMAT csv, DELIMITER E'\t', HEADER true)
