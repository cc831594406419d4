package dev.codeexec.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * Typo tolerance costs a Levenshtein automaton per field for each unknown word, so a query gets it for its first eight
 * unknown words only (ToolIndex.MAX_FUZZY_WORDS): a 500-character query of unknown words took 0.7 s of a server core,
 * and guest threads calling tools.search in a loop kept the cores every tenant shares busy. Later words match exactly.
 */
@QuarkusTest
class SearchCostTest {

    /** Seven words no tool has, four letters each after stemming: the query's first unknown words. */
    private static final String UNKNOWN = "zqkb zqkc zqkd zqkf zqkg zqkh zqkj";

    @Test
    void aTypoAmongTheFirstEightUnknownWordsIsTolerated() {
        given().queryParam("query", UNKNOWN + " histgram").get("/api/v1/tools").then().statusCode(200)
                .body("tools.name", hasItem("histogram"));
    }

    @Test
    void aTypoPastTheFirstEightUnknownWordsMatchesExactlyOnly() {
        given().queryParam("query", UNKNOWN + " zqkl histgram").get("/api/v1/tools").then().statusCode(200)
                .body("tools", empty());
    }
}
