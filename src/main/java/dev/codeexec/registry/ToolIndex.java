package dev.codeexec.registry;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.FuzzyQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * The Lucene index over tool definitions: owns the in-memory directory, the writer and the searcher
 * refresh. Documents are keyed by tool name, so indexing the same definitions twice changes nothing.
 */
public final class ToolIndex implements Closeable {

    /** Keyword, stored: the exact tool name, the upsert key and what a hit returns. */
    static final String ID = "id";
    /** Tokenized: the name split on '_', '-' and camelCase, so "csv_profile" matches "profile a csv". */
    static final String NAME = "name";
    /** Tokenized: the one-line summary, the densest description of intent. */
    static final String SUMMARY = "summary";
    /** Tokenized: the long description, weakest signal because it is long and mentions neighbours. */
    static final String DESCRIPTION = "description";
    /** Tokenized: curated keywords and synonyms. */
    static final String TAGS = "tags";
    /** Tokenized: parameter names split like the tool name ("time_zone" matches "zone"). */
    static final String PARAMS = "params";
    /** Keyword: exact category for the category filter; never scored. */
    static final String CATEGORY = "category";
    /** Tokenized: the category as words, so "date" finds the dates tools. */
    static final String CATEGORY_TEXT = "category_text";

    /** Scored fields and their boosts: what a tool is called and tagged says more than its prose. */
    private static final Map<String, Float> BOOSTS = Map.of(NAME, 5f, TAGS, 3f, SUMMARY, 3f, CATEGORY_TEXT, 1.5f,
            PARAMS, 1.5f, DESCRIPTION, 1f);
    private static final float FUZZY_WEIGHT = 0.4f;
    /**
     * Unknown words of one query that get typo tolerance; later ones match exactly only. Each costs a Levenshtein
     * automaton per field: a query of 55 unknown 8-letter words (500 characters) took 0.7 s of a server core, against
     * 4 ms for "csv", and guest threads calling tools.search in a loop kept the cores every tenant shares busy with
     * them. Agents' queries are a few words.
     */
    static final int MAX_FUZZY_WORDS = 8;
    private static final float EXACT_NAME_BOOST = 20f;
    private static final Pattern CAMEL = Pattern.compile("(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])");
    private static final Pattern SEPARATORS = Pattern.compile("[_\\-./]+");

    private final ByteBuffersDirectory directory = new ByteBuffersDirectory();
    private final Analyzer analyzer = new ToolAnalyzer();
    private final IndexWriter writer;
    private final SearcherManager searchers;

    public ToolIndex() {
        try {
            writer = new IndexWriter(directory, new IndexWriterConfig(analyzer));
            searchers = new SearcherManager(writer, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Adds or replaces the given tools and removes the named ones, then makes the change searchable. */
    public void apply(Collection<ToolDefinition> upserts, Collection<String> deletes) {
        try {
            for (ToolDefinition tool : upserts) {
                writer.updateDocument(new Term(ID, tool.name()), document(tool));
            }
            for (String name : deletes) {
                writer.deleteDocuments(new Term(ID, name));
            }
            searchers.maybeRefreshBlocking();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Tool names ranked by relevance, best first; category (exact) narrows the candidates. */
    public List<String> search(String query, String category, int limit) {
        try {
            IndexSearcher searcher = searchers.acquire();
            try {
                Query q = buildQuery(searcher, query, category);
                if (q == null) {
                    return List.of();
                }
                List<String> names = new ArrayList<>();
                for (ScoreDoc hit : searcher.search(q, limit).scoreDocs) {
                    names.add(searcher.storedFields().document(hit.doc, Set.of(ID)).get(ID));
                }
                return names;
            } finally {
                searchers.release(searcher);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Query buildQuery(IndexSearcher searcher, String query, String category) throws IOException {
        BooleanQuery.Builder words = new BooleanQuery.Builder();
        int clauses = 0;
        int fuzzy = 0;
        for (String token : tokens(query)) {
            BooleanQuery.Builder perToken = new BooleanQuery.Builder();
            boolean known = false;
            for (Map.Entry<String, Float> field : BOOSTS.entrySet()) {
                Term term = new Term(field.getKey(), token);
                known |= searcher.getIndexReader().docFreq(term) > 0;
                perToken.add(new BoostQuery(new TermQuery(term), field.getValue()), Occur.SHOULD);
            }
            // Typo tolerance only for words the index does not know: it keeps exact queries fast and precise.
            if (!known && token.length() >= 4 && fuzzy++ < MAX_FUZZY_WORDS) {
                int edits = token.length() >= 8 ? 2 : 1;
                for (Map.Entry<String, Float> field : BOOSTS.entrySet()) {
                    perToken.add(new BoostQuery(new FuzzyQuery(new Term(field.getKey(), token), edits, 1),
                            field.getValue() * FUZZY_WEIGHT), Occur.SHOULD);
                }
            }
            words.add(perToken.build(), Occur.SHOULD);
            clauses++;
        }
        String exact = query.strip().toLowerCase(java.util.Locale.ROOT);
        if (DefinitionParser.NAME.matcher(exact).matches()) {
            words.add(new BoostQuery(new TermQuery(new Term(ID, exact)), EXACT_NAME_BOOST), Occur.SHOULD);
            clauses++;
        }
        if (clauses == 0) {
            return null;
        }
        if (category == null) {
            return words.build();
        }
        return new BooleanQuery.Builder().add(words.build(), Occur.MUST)
                .add(new TermQuery(new Term(CATEGORY, category)), Occur.FILTER).build();
    }

    /** Analyzed, de-duplicated query words. */
    List<String> tokens(String text) throws IOException {
        Set<String> out = new LinkedHashSet<>();
        try (TokenStream stream = analyzer.tokenStream(SUMMARY, words(text))) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            stream.reset();
            while (stream.incrementToken()) {
                out.add(term.toString());
            }
            stream.end();
        }
        return List.copyOf(out);
    }

    /** Splits identifiers into words: "csvProfile", "csv_profile" and "csv-profile" all give "csv profile". */
    static String words(String text) {
        return SEPARATORS.matcher(CAMEL.matcher(text).replaceAll(" ")).replaceAll(" ");
    }

    private static Document document(ToolDefinition tool) {
        Document doc = new Document();
        doc.add(new StringField(ID, tool.name(), Field.Store.YES));
        doc.add(new TextField(NAME, words(tool.name()), Field.Store.NO));
        doc.add(new TextField(SUMMARY, words(nullToEmpty(tool.summary())), Field.Store.NO));
        doc.add(new TextField(DESCRIPTION, words(nullToEmpty(tool.description())), Field.Store.NO));
        doc.add(new TextField(TAGS, words(String.join(" ", tool.tags() == null ? List.of() : tool.tags())),
                Field.Store.NO));
        doc.add(new TextField(PARAMS, words(String.join(" ", tool.parameterNames())), Field.Store.NO));
        doc.add(new StringField(CATEGORY, tool.category(), Field.Store.NO));
        doc.add(new TextField(CATEGORY_TEXT, words(tool.category()), Field.Store.NO));
        return doc;
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }

    @Override
    public void close() throws IOException {
        searchers.close();
        writer.close();
        directory.close();
    }

    /** English words: possessives and stop words dropped, Porter-stemmed ("dates" and "dating" meet "date"). */
    private static final class ToolAnalyzer extends Analyzer {
        @Override
        protected TokenStreamComponents createComponents(String fieldName) {
            Tokenizer source = new StandardTokenizer();
            TokenStream stream = new EnglishPossessiveFilter(source);
            stream = new LowerCaseFilter(stream);
            stream = new StopFilter(stream, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
            return new TokenStreamComponents(source, new PorterStemFilter(stream));
        }
    }
}
