-- The sandbox's car registries (README.md "Buying with the sandbox"), read by the sandbox adapters
-- of server/plugins/app/registries.ts as the http adapters of production would ask the state's:
-- the vehicle registry (plate + tech passport → vehicle, owner and the policy in force), the tax
-- registry (INN → company), driving licences by passport, benefit categories by PINFL (OSAGO
-- discounts), the people whose contracts the sandbox refuses with a given OSAGO save error, and the
-- log of vehicle checks (/save-ip).

CREATE TABLE companies (
  inn text PRIMARY KEY,
  name text NOT NULL,
  -- The registry's short name; missing for some entries, which the site refuses as wrong_inn (requirements §5).
  short_name text,
  director text NOT NULL,
  address text NOT NULL,
  oked text NOT NULL,
  mfo text NOT NULL,
  bank text NOT NULL,
  account text NOT NULL
);

CREATE TABLE vehicles (
  plate text NOT NULL,
  tech_seria text NOT NULL,
  tech_number text NOT NULL,
  model text NOT NULL,
  -- 1 passenger car, 6 truck, 9 bus or minibus, 15 motorcycle, tram or tractor (docs/insurance-facts.md §2: vehicle type ids).
  vehicle_type smallint NOT NULL CHECK (vehicle_type IN (1, 6, 9, 15)),
  issue_year smallint NOT NULL,
  seats smallint NOT NULL CHECK (seats > 0),
  fuel text NOT NULL,
  -- The owner is a person (PINFL, passport, birthday) or a company (INN), never both.
  owner_pinfl text,
  owner_passport_seria text,
  owner_passport_number text,
  owner_birthday date,
  owner_inn text,
  owner_name text NOT NULL,
  -- The last day of a compulsory policy in force, if any (/check-ip).
  policy_end date,
  PRIMARY KEY (plate, tech_seria, tech_number),
  CHECK ((owner_inn IS NULL) <> (owner_pinfl IS NULL))
);

CREATE TABLE driver_licences (
  passport_seria text NOT NULL,
  passport_number text NOT NULL,
  licence_seria text NOT NULL,
  licence_number text NOT NULL,
  issued_on date NOT NULL,
  PRIMARY KEY (passport_seria, passport_number)
);

-- OSAGO benefit categories ("discountId" 2–9, docs/insurance-facts.md §2; 1, none, is not stored).
CREATE TABLE benefits (
  pinfl text PRIMARY KEY,
  category smallint NOT NULL CHECK (category BETWEEN 2 AND 9)
);

-- Sandbox only: an OSAGO save naming this person (owner, applicant or driver) is refused with this code.
CREATE TABLE save_error_triggers (
  passport_seria text NOT NULL,
  passport_number text NOT NULL,
  code smallint NOT NULL,
  PRIMARY KEY (passport_seria, passport_number)
);

-- Every vehicle check a client recorded (/save-ip): the EAIS bills checks, the insurer reconciles with this.
CREATE TABLE vehicle_checks (
  id bigserial PRIMARY KEY,
  plate text NOT NULL,
  checked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vehicle_checks_checked_at_idx ON vehicle_checks (checked_at);
