-- The known data set every run starts from: eight movies by Allen, Hitchcock and Kubrick.

INSERT INTO movie (title, release_year, genre, rating) VALUES ('Annie Hall', 1977, 'Comedy', 8.0);
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'Annie Hall'), 'DIRECTOR', 0, 'Woody', 'Allen');
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'Annie Hall'), 'WRITER', 0, 'Woody', 'Allen');
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'Annie Hall'), 'WRITER', 1, 'Marshall', 'Brickman');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Annie Hall'), 0, 'Alvy Singer');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Annie Hall'), 1, 'Annie Hall');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Annie Hall'), 2, 'Rob');
INSERT INTO movie_award (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Annie Hall'), 0, 'Academy Award for Best Picture');
INSERT INTO movie_award (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Annie Hall'), 1, 'Academy Award for Best Director');

INSERT INTO movie (title, release_year, genre, rating) VALUES ('Manhattan', 1979, 'Comedy', 7.8);
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'Manhattan'), 'DIRECTOR', 0, 'Woody', 'Allen');
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'Manhattan'), 'WRITER', 0, 'Woody', 'Allen');
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'Manhattan'), 'WRITER', 1, 'Marshall', 'Brickman');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Manhattan'), 0, 'Isaac Davis');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Manhattan'), 1, 'Mary Wilkie');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Manhattan'), 2, 'Tracy');
INSERT INTO movie_award (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Manhattan'), 0, 'BAFTA Award for Best Film');

INSERT INTO movie (title, release_year, genre, rating) VALUES ('Midnight in Paris', 2011, 'Fantasy', 7.6);
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'Midnight in Paris'), 'DIRECTOR', 0, 'Woody', 'Allen');
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'Midnight in Paris'), 'WRITER', 0, 'Woody', 'Allen');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Midnight in Paris'), 0, 'Gil Pender');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Midnight in Paris'), 1, 'Adriana');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Midnight in Paris'), 2, 'Inez');
INSERT INTO movie_award (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Midnight in Paris'), 0, 'Academy Award for Best Original Screenplay');

INSERT INTO movie (title, release_year, genre, rating) VALUES ('Rear Window', 1954, 'Thriller', 8.5);
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'Rear Window'), 'DIRECTOR', 0, 'Alfred', 'Hitchcock');
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'Rear Window'), 'WRITER', 0, 'John Michael', 'Hayes');
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'Rear Window'), 'WRITER', 1, 'Cornell', 'Woolrich');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Rear Window'), 0, 'L. B. Jefferies');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Rear Window'), 1, 'Lisa Fremont');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Rear Window'), 2, 'Stella');
INSERT INTO movie_award (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Rear Window'), 0, 'Edgar Award for Best Motion Picture Screenplay');

INSERT INTO movie (title, release_year, genre, rating) VALUES ('Vertigo', 1958, 'Thriller', 8.2);
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'Vertigo'), 'DIRECTOR', 0, 'Alfred', 'Hitchcock');
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'Vertigo'), 'WRITER', 0, 'Alec', 'Coppel');
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'Vertigo'), 'WRITER', 1, 'Samuel A.', 'Taylor');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Vertigo'), 0, 'John Ferguson');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Vertigo'), 1, 'Madeleine Elster');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Vertigo'), 2, 'Midge Wood');
INSERT INTO movie_award (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Vertigo'), 0, 'Silver Seashell, San Sebastian Film Festival');

INSERT INTO movie (title, release_year, genre, rating) VALUES ('Psycho', 1960, 'Horror', 8.5);
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'Psycho'), 'DIRECTOR', 0, 'Alfred', 'Hitchcock');
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'Psycho'), 'WRITER', 0, 'Joseph', 'Stefano');
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'Psycho'), 'WRITER', 1, 'Robert', 'Bloch');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Psycho'), 0, 'Norman Bates');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Psycho'), 1, 'Marion Crane');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Psycho'), 2, 'Lila Crane');
INSERT INTO movie_award (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'Psycho'), 0, 'Golden Globe Award for Best Supporting Actress');

INSERT INTO movie (title, release_year, genre, rating) VALUES ('2001: A Space Odyssey', 1968, 'Science Fiction', 8.3);
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = '2001: A Space Odyssey'), 'DIRECTOR', 0, 'Stanley', 'Kubrick');
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = '2001: A Space Odyssey'), 'WRITER', 0, 'Stanley', 'Kubrick');
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = '2001: A Space Odyssey'), 'WRITER', 1, 'Arthur C.', 'Clarke');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = '2001: A Space Odyssey'), 0, 'Dave Bowman');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = '2001: A Space Odyssey'), 1, 'Frank Poole');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = '2001: A Space Odyssey'), 2, 'HAL 9000');
INSERT INTO movie_award (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = '2001: A Space Odyssey'), 0, 'Academy Award for Best Visual Effects');

INSERT INTO movie (title, release_year, genre, rating) VALUES ('The Shining', 1980, 'Horror', 8.4);
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'The Shining'), 'DIRECTOR', 0, 'Stanley', 'Kubrick');
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'The Shining'), 'WRITER', 0, 'Stanley', 'Kubrick');
INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES ((SELECT id FROM movie WHERE title = 'The Shining'), 'WRITER', 1, 'Diane', 'Johnson');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'The Shining'), 0, 'Jack Torrance');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'The Shining'), 1, 'Wendy Torrance');
INSERT INTO movie_character (movie_id, position, name) VALUES ((SELECT id FROM movie WHERE title = 'The Shining'), 2, 'Danny Torrance');
