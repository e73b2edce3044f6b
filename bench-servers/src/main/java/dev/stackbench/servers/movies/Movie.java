package dev.stackbench.servers.movies;

import java.util.List;

/** A movie as the API shows it; {@code id} is null in a POST and set in every answer. */
record Movie(Long id, String title, Integer year, String genre, Double rating, List<Person> directors,
             List<Person> writers, List<String> characters, List<String> awards) {

    record Person(String firstName, String lastName) {
    }

    Movie withId(long newId) {
        return new Movie(newId, title, year, genre, rating, directors, writers, characters, awards);
    }
}
