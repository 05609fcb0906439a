-- Files a save carries (the pet's photos, the job-loss documents): stored beside their contract,
-- never served publicly. `contract_files` describes each file and names the store that keeps its
-- bytes (server/lib/file-store.ts); the database store keeps them in `contract_file_data`. Files of
-- a contract left unpaid are removed by the abandoned-files job (server/lib/file-janitor.ts).

CREATE TABLE contract_files (
  id uuid PRIMARY KEY,
  contract_id uuid NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
  -- The request's part name (`photo_1`, `work_book`): one file per part and contract.
  field text NOT NULL,
  filename text NOT NULL,
  -- The type read from the file's content, not the one the client claimed.
  content_type text NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  sha256 text NOT NULL,
  store text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (contract_id, field)
);

CREATE TABLE contract_file_data (
  file_id uuid PRIMARY KEY REFERENCES contract_files (id) ON DELETE CASCADE,
  data bytea NOT NULL
);
