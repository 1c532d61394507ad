-- The back office finds cases by the start of the applicant's name, in any case (docs/decisions/0040):
-- text_pattern_ops lets a LIKE 'prefix%' on lower(ptib_name) use this index whatever the collation.
CREATE INDEX ptib_profiles_name_prefix_idx ON ptib_profiles (lower(ptib_name) text_pattern_ops);
