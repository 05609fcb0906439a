-- Travel's destinations carry ids of their own ({ "id", "code" }): their ids were their positions in
-- the stored list, so a country added or removed in the middle would have given the ids partners
-- hold to other countries. The ids partners hold now are kept: each country's position becomes its id.
UPDATE tariffs
SET data = jsonb_set(data, '{countries}', (
  SELECT jsonb_agg(jsonb_build_object('id', listed.place, 'code', listed.code) ORDER BY listed.place)
  FROM jsonb_array_elements_text(tariffs.data -> 'countries') WITH ORDINALITY AS listed(code, place)
))
WHERE product = 'travel' AND jsonb_typeof(data -> 'countries' -> 0) = 'string';
