-- The receipt a card's token paid, kept with its spent session: the same SMS code sent again (the
-- first answer lost on its way) is answered with what became of that payment, not as a session
-- that ended.
ALTER TABLE card_sessions ADD COLUMN receipt text;
