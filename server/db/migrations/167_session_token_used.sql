-- Whether the current generation's token has been used in a call since a refresh issued it
-- (docs/decisions/0060): until it has, a refresh answer lost on its way may be given again to the token it
-- replaced, within the rotation's grace; once it has, that older token refreshing again ends the session.
ALTER TABLE sessions ADD COLUMN token_used boolean NOT NULL DEFAULT false;
