-- The insurer's car price list, as casco sells by it (GET /sayt/kasko/cars): brands, their models,
-- and each model's positions (trims) with the price of a new car in UZS. Ids are the insurer's and
-- stay with a position for good: a saved contract names the position it was priced by. Seeded from
-- the sales that carry a catalogue (products/casco/car-catalogue.ts), only with what is missing, so
-- prices changed here are kept; read by server/plugins/app/registries.ts, kept a minute like tariffs.

CREATE TABLE car_brands (
  id integer PRIMARY KEY CHECK (id > 0),
  name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 60)
);

CREATE TABLE car_models (
  id integer PRIMARY KEY CHECK (id > 0),
  brand_id integer NOT NULL REFERENCES car_brands (id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  UNIQUE (brand_id, name)
);

CREATE TABLE car_positions (
  id integer PRIMARY KEY CHECK (id > 0),
  model_id integer NOT NULL REFERENCES car_models (id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  -- The price of a new car, whole UZS.
  price bigint NOT NULL CHECK (price > 0),
  UNIQUE (model_id, name)
);

CREATE INDEX car_models_brand ON car_models (brand_id);
CREATE INDEX car_positions_model ON car_positions (model_id);
