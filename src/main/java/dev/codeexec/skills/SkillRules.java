package dev.codeexec.skills;

import dev.codeexec.InvalidInputException;
import dev.codeexec.InvalidInputException.Kind;
import dev.codeexec.PythonNames;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The rules a skill must meet before anything is written. Pure functions, so they are tested
 * without a database; the syntax check needs the sandbox and lives in {@link SyntaxCheck}.
 */
final class SkillRules {

    static final int MAX_NAME = SkillDraft.MAX_NAME;
    static final int MIN_DESCRIPTION_WORDS = 3;
    static final int MAX_DESCRIPTION = SkillDraft.MAX_DESCRIPTION;
    static final int MAX_CODE_BYTES = SkillDraft.MAX_CODE_BYTES;
    static final int MAX_TAGS = SkillDraft.MAX_TAGS;
    static final int MAX_TAG = SkillDraft.MAX_TAG;
    static final int MAX_PARAMETERS_CHARS = 16384;
    static final int MAX_LIMIT = SkillQuery.MAX_LIMIT;

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern TAG = Pattern.compile("[a-z0-9][a-z0-9_-]*");
    private static final Pattern WORD = Pattern.compile("\\S*\\p{L}\\S*");

    /** `from skills import x` cannot reach a skill named like a keyword or like the guest module's own functions. */
    private static final Set<String> RESERVED = Stream.concat(PythonNames.KEYWORDS.stream(),
            Stream.of("load", "list", "module")).collect(Collectors.toUnmodifiableSet());

    private SkillRules() {
    }

    static String name(String name) {
        if (name == null || name.isEmpty()) {
            throw new InvalidInputException("name", "is required: a Python identifier of 1 to 64 characters");
        }
        if (name.length() > MAX_NAME) {
            throw new InvalidInputException("name", "is " + name.length() + " characters; at most 64 are allowed");
        }
        if (!NAME.matcher(name).matches()) {
            throw new InvalidInputException("name", "must be a Python identifier: ASCII letters, digits and '_', "
                    + "not starting with a digit");
        }
        if (name.startsWith("__") || RESERVED.contains(name)) {
            throw new InvalidInputException("name", "'" + name + "' is reserved (a Python keyword, a dunder name, "
                    + "or a function of the guest module: load, list, module)");
        }
        return name;
    }

    /** At least one sentence, taken to mean three words or more (a word holds a letter). */
    static String description(String description) {
        String d = description == null ? "" : description.strip();
        if (d.length() > MAX_DESCRIPTION) {
            throw new InvalidInputException("description", "is " + d.length() + " characters; at most 1000 are allowed",
                    Kind.TOO_LARGE);
        }
        long words = WORD.matcher(d).results().count();
        if (words < MIN_DESCRIPTION_WORDS) {
            throw new InvalidInputException("description", "must be at least one sentence of 3 or more words saying "
                    + "what the skill does");
        }
        return d;
    }

    static String code(String code) {
        if (code == null || code.isBlank()) {
            throw new InvalidInputException("code", "is required: the Python source of the skill");
        }
        int bytes = code.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_CODE_BYTES) {
            throw new InvalidInputException("code", "is " + bytes + " bytes; at most 262144 (256 KiB) are allowed",
                    Kind.TOO_LARGE);
        }
        return code;
    }

    /** Lower-cased, de-duplicated, order kept. */
    static List<String> tags(List<String> tags) {
        if (tags == null) {
            return List.of();
        }
        if (tags.size() > MAX_TAGS) {
            throw new InvalidInputException("tags", "has " + tags.size() + " entries; at most 16 are allowed");
        }
        Set<String> out = new LinkedHashSet<>();
        for (String raw : tags) {
            out.add(tag("tags", "each tag ", raw));
        }
        return new ArrayList<>(out);
    }

    /** The one tag list_skills filters by, lower-cased; refused, under its own field name, as tags are. */
    static String tag(String tag) {
        return tag("tag", "", tag);
    }

    private static String tag(String field, String subject, String raw) {
        String t = raw == null ? "" : raw.strip().toLowerCase(java.util.Locale.ROOT);
        if (t.isEmpty() || t.length() > MAX_TAG || !TAG.matcher(t).matches()) {
            throw new InvalidInputException(field, subject + "must be 1 to 32 characters of a-z, 0-9, '_' or '-', "
                    + "starting with a letter or digit");
        }
        return t;
    }

    /** list_skills' free-text query, or null for none. */
    static String query(String query) {
        if (query != null && query.length() > SkillQuery.MAX_QUERY) {
            throw new InvalidInputException("query", "is " + query.length() + " characters, longer than the limit of "
                    + SkillQuery.MAX_QUERY);
        }
        return query;
    }

    static int limit(Integer limit) {
        int l = limit == null ? 20 : limit;
        if (l < 1 || l > MAX_LIMIT) {
            throw new InvalidInputException("limit", "must be between 1 and 100, was " + l);
        }
        return l;
    }

    static int offset(Integer offset) {
        int o = offset == null ? 0 : offset;
        if (o < 0) {
            throw new InvalidInputException("offset", "must be 0 or more, was " + o);
        }
        return o;
    }

    static Integer version(Integer version) {
        if (version != null && version < 1) {
            throw new InvalidInputException("version", "must be 1 or more, was " + version);
        }
        return version;
    }
}
