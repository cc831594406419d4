package dev.codeexec.sandbox.engine;

import dev.codeexec.sandbox.Utf8;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parses a whole XML document for the guest's {@code xml.etree.ElementTree}: the tree that its default
 * {@code XMLParser} and {@code TreeBuilder} build, in Python's {@code marshal} format. The sandbox's {@code pyexpat}
 * is Python, and ElementTree's parser and builder call into Python for every element: together about 25 times
 * CPython's time on a 1 MB document (docs/benchmarks.md). It runs in the interpreter's process (the worker), on the
 * guest's thread, and reaches nothing but its argument: no DTD, no entity but the five predefined ones, no file, no
 * network, and no parser of the JDK's.
 *
 * <p>It accepts only documents that it reads exactly as expat with namespace processing would: UTF-8, XML 1.0, no
 * DOCTYPE, ASCII names. Anything else, malformed documents included, returns {@code null}, and the guest's own parser
 * reads it or raises its usual error with its position.
 *
 * <p>The tree is flat, so that the guest makes its Elements in one loop instead of a Python call per element: a list
 * of each element in document order (the root first) as the tuple {@code (tag, attrib, children, text, tail, parent)}:
 * names expanded as ElementTree writes them ({@code {uri}local}), attributes in document order, an empty list for the
 * children, {@code None} for no text or no tail, and a reference to the parent's list of children (for the root, an
 * empty list of its own): appending the elements to those in document order gives each list its children in order.
 * Tags, short values and white space are written once and referred to after: the guest's tree holds one string for
 * each, as it holds one for each tag. Comments and processing instructions are dropped, as the default builder drops
 * them.
 */
public final class XmlToMarshal {

    /** Bounds the work of one call, which cannot be interrupted: larger documents take the guest's parser. */
    public static final int MAX_BYTES = 16 * 1024 * 1024;
    private static final String XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace";
    private static final String XMLNS_NAMESPACE = "http://www.w3.org/2000/xmlns/";

    /** Thrown where expat would report an error or this parser would guess: the guest's parser takes over. */
    private static final class Declined extends RuntimeException {
        Declined() {
            super(null, null, false, false);
        }
    }

    private static final Declined DECLINED = new Declined();
    /** Up to this many attributes, duplicates are found by comparing them pairwise instead of through a set. */
    private static final int FEW_ATTRIBUTES = 8;
    /** Text and attribute values up to this long are written once per document (see {@link #text}). */
    private static final int SHARED_LENGTH = 8;

    private static final class Node {
        final Node parent;
        final String tag;
        final List<String> attributes; // expanded name, value, ...
        Node lastChild;
        String text;
        String tail;
        int childrenRef; // its _children list's marshal reference, once written

        Node(Node parent, String tag, List<String> attributes) {
            this.parent = parent;
            this.tag = tag;
            this.attributes = attributes;
        }
    }

    /** An open element: its node, its name as written, and the namespaces in scope inside it. */
    private record Open(Node node, String name, Map<String, String> prefixes, String defaultNamespace) {
    }

    private final String doc;
    private final List<Node> nodes = new ArrayList<>(); // in document order
    private int pos;
    private final StringBuilder data = new StringBuilder();
    private boolean hasData;
    /** The text since the last tag while it is one piece of the document (most are), copied once; else -1. */
    private int pieceBegin = -1;
    private int pieceEnd;
    /** A start tag's attributes as written (name, value, ...): one list for all, read before the next tag. */
    private final List<String> written = new ArrayList<>();

    private XmlToMarshal(String doc) {
        this.doc = doc;
    }

    /**
     * The document's root element in marshal format, one char per byte (Latin-1), or {@code null} to leave the
     * document to the guest's parser.
     *
     * @param bytes the document's bytes, one char per byte (Latin-1)
     * @param fromText true when the guest's document was a {@code str} (its UTF-8 form is passed): then, as pyexpat
     *                 does, the declared encoding does not count
     */
    public static String parse(String bytes, boolean fromText) {
        if (bytes.length() > MAX_BYTES) {
            return null;
        }
        byte[] encoded = bytes.getBytes(StandardCharsets.ISO_8859_1);
        if (!Utf8.isWellFormed(encoded, 0, encoded.length)) {
            return null;
        }
        // Checked first: the JDK's reporting decoder goes through a char buffer, twice the document's memory.
        String doc = new String(encoded, StandardCharsets.UTF_8);
        if (doc.isEmpty() || doc.charAt(0) == '\uFEFF' || !allCharsLegal(doc)) {
            return null;
        }
        if (doc.indexOf('\r') >= 0) {
            doc = doc.replace("\r\n", "\n").replace('\r', '\n'); // XML 1.0, 2.11: before anything else
        }
        try {
            XmlToMarshal parser = new XmlToMarshal(doc);
            parser.document(fromText);
            // The document's text and about 24 bytes an element: enough for most, so the buffer is not copied as it grows.
            MarshalWriter out = new MarshalWriter(doc.length() + 24 * parser.nodes.size());
            return write(parser.nodes, out) ? out.toLatin1() : null;
        } catch (Declined e) {
            return null;
        }
    }

    /** XML 1.0's Char production; surrogates come only in pairs from the strict decoder. */
    private static boolean allCharsLegal(String doc) {
        for (int i = 0; i < doc.length(); i++) {
            char c = doc.charAt(i);
            if (c < 0x20 ? c != '\t' && c != '\n' && c != '\r' : c == 0xFFFE || c == 0xFFFF) {
                return false;
            }
        }
        return true;
    }

    private void document(boolean fromText) {
        if (doc.startsWith("<?xml") && doc.length() > 5 && isSpace(doc.charAt(5))) {
            pos = 5;
            declaration(fromText);
        }
        misc();
        if (!doc.startsWith("<", pos) || pos + 1 >= doc.length() || !isNameStart(doc.charAt(pos + 1))) {
            throw DECLINED; // a DOCTYPE, text before the root, or no root
        }
        elements();
        misc();
        if (pos != doc.length()) {
            throw DECLINED;
        }
    }

    /** The XML declaration after {@code <?xml}: version 1.0, UTF-8 if an encoding is named, standalone yes or no. */
    private void declaration(boolean fromText) {
        skipSpace();
        expect("version");
        if (!"1.0".equals(pseudoAttributeValue())) {
            throw DECLINED;
        }
        boolean space = skipSpace();
        if (space && doc.startsWith("encoding", pos)) {
            pos += "encoding".length();
            String encoding = pseudoAttributeValue();
            if (!encoding.equalsIgnoreCase("utf-8")) {
                // For a str, expat reads UTF-8 whatever is declared; bytes in another encoding are not UTF-8.
                // Either way the guest's parser decides.
                throw DECLINED;
            }
            space = skipSpace();
        }
        if (space && doc.startsWith("standalone", pos)) {
            pos += "standalone".length();
            String standalone = pseudoAttributeValue();
            if (!standalone.equals("yes") && !standalone.equals("no")) {
                throw DECLINED;
            }
            skipSpace();
        }
        expect("?>");
    }

    private String pseudoAttributeValue() {
        skipSpace();
        expect("=");
        skipSpace();
        char quote = charAt(pos);
        if (quote != '"' && quote != '\'') {
            throw DECLINED;
        }
        int end = doc.indexOf(quote, pos + 1);
        if (end < 0) {
            throw DECLINED;
        }
        String value = doc.substring(pos + 1, end);
        pos = end + 1;
        return value;
    }

    /** White space, comments and processing instructions, outside the root element. */
    private void misc() {
        while (true) {
            skipSpace();
            if (doc.startsWith("<!--", pos)) {
                comment();
            } else if (doc.startsWith("<?", pos)) {
                processingInstruction();
            } else {
                return;
            }
        }
    }

    /** The root element and everything in it, at {@code <} and a name; without recursion, however deep. */
    private void elements() {
        List<Open> open = new ArrayList<>();
        Open root = startTag(null, Map.of(), null);
        if (root.name() == null) {
            return; // <root/>
        }
        open.add(root);
        while (true) {
            Open top = open.get(open.size() - 1);
            char c = charAt(pos);
            if (c == '<') {
                if (doc.startsWith("</", pos)) {
                    pos += 2;
                    String name = top.name(); // compared in place: a string per end tag was garbage at once
                    if (!doc.startsWith(name, pos) || pos + name.length() < doc.length()
                            && isNameChar(doc.charAt(pos + name.length()))) {
                        throw DECLINED;
                    }
                    pos += name.length();
                    skipSpace();
                    expect(">");
                    flush(top.node());
                    open.remove(open.size() - 1);
                    if (open.isEmpty()) {
                        return;
                    }
                } else if (doc.startsWith("<!--", pos)) {
                    comment(); // the default builder drops it; text either side of it is one text
                } else if (doc.startsWith("<![CDATA[", pos)) {
                    int end = doc.indexOf("]]>", pos + 9);
                    if (end < 0) {
                        throw DECLINED;
                    }
                    appendData(doc, pos + 9, end);
                    pos = end + 3;
                } else if (doc.startsWith("<?", pos)) {
                    processingInstruction();
                } else {
                    flush(top.node());
                    Open child = startTag(top.node(), top.prefixes(), top.defaultNamespace());
                    top.node().lastChild = child.node();
                    if (child.name() != null) {
                        open.add(child);
                    }
                }
            } else if (c == '&') {
                toBuilder();
                reference(data);
                hasData = true;
            } else {
                int end = pos;
                while (end < doc.length() && doc.charAt(end) != '<' && doc.charAt(end) != '&') {
                    end++;
                }
                for (int i = pos; i + 2 < end; i++) {
                    if (doc.charAt(i) == ']' && doc.charAt(i + 1) == ']' && doc.charAt(i + 2) == '>') {
                        throw DECLINED; // not allowed in text (XML 1.0, 2.4)
                    }
                }
                appendData(doc, pos, end);
                pos = end;
            }
        }
    }

    private void appendData(String from, int begin, int end) {
        if (end > begin) {
            if (!hasData) {
                pieceBegin = begin;
                pieceEnd = end;
            } else {
                toBuilder();
                data.append(from, begin, end);
            }
            hasData = true;
        }
    }

    /** The text so far into {@link #data}, where more pieces or references follow. */
    private void toBuilder() {
        if (pieceBegin >= 0) {
            data.append(doc, pieceBegin, pieceEnd);
            pieceBegin = -1;
        }
    }

    /** The text read since the last tag: the element's text before its first child, else its last child's tail. */
    private void flush(Node element) {
        if (!hasData) {
            return;
        }
        String text = pieceBegin >= 0 ? doc.substring(pieceBegin, pieceEnd) : data.toString();
        if (element.lastChild == null) {
            element.text = text;
        } else {
            element.lastChild.tail = text;
        }
        data.setLength(0);
        pieceBegin = -1;
        hasData = false;
    }

    /**
     * A start tag at {@code <}, its namespaces applied. The result's name is {@code null} for an empty-element tag,
     * which has nothing to close.
     */
    private Open startTag(Node parent, Map<String, String> prefixes, String defaultNamespace) {
        pos++;
        String name = name();
        written.clear();
        boolean empty;
        while (true) {
            boolean space = skipSpace();
            if (doc.startsWith("/>", pos)) {
                pos += 2;
                empty = true;
                break;
            }
            if (charAt(pos) == '>') {
                pos++;
                empty = false;
                break;
            }
            if (!space) {
                throw DECLINED;
            }
            written.add(name());
            skipSpace();
            expect("=");
            skipSpace();
            written.add(attributeValue());
        }
        Set<String> names = written.size() > 2 * FEW_ATTRIBUTES ? new HashSet<>() : null;
        Map<String, String> scope = prefixes;
        for (int i = 0; i < written.size(); i += 2) {
            String attribute = written.get(i);
            String value = written.get(i + 1);
            if (repeats(written, attribute, i, names)) {
                throw DECLINED;
            }
            if (value.equals(XML_NAMESPACE) || value.equals(XMLNS_NAMESPACE)) {
                if (attribute.equals("xmlns") || attribute.startsWith("xmlns:")) {
                    throw DECLINED; // expat allows xml's own binding; the guest's parser handles both
                }
            }
            if (attribute.equals("xmlns")) {
                defaultNamespace = value.isEmpty() ? null : value;
            } else if (attribute.startsWith("xmlns:")) {
                String prefix = attribute.substring(6);
                if (value.isEmpty() || prefix.equals("xml") || prefix.equals("xmlns")) {
                    throw DECLINED;
                }
                if (scope == prefixes) {
                    scope = new HashMap<>(prefixes);
                }
                scope.put(prefix, value);
            }
        }
        List<String> attributes = written.isEmpty() ? List.of() : new ArrayList<>(written.size());
        Set<String> expanded = names == null ? null : new HashSet<>();
        for (int i = 0; i < written.size(); i += 2) {
            String attribute = written.get(i);
            if (attribute.equals("xmlns") || attribute.startsWith("xmlns:")) {
                continue; // with namespace processing, expat reports declarations apart from attributes
            }
            String qualified = expand(attribute, scope, null);
            if (repeats(attributes, qualified, attributes.size(), expanded)) {
                throw DECLINED;
            }
            attributes.add(qualified);
            attributes.add(written.get(i + 1));
        }
        Node node = new Node(parent, expand(name, scope, defaultNamespace), attributes);
        nodes.add(node);
        return new Open(node, empty ? null : name, scope, defaultNamespace);
    }

    /**
     * Whether {@code name} is already among the names (even indexes) of {@code pairs} before {@code end}: compared
     * pairwise for a few attributes, or, given a set for more, looked up in it and added.
     */
    private static boolean repeats(List<String> pairs, String name, int end, Set<String> seen) {
        if (seen != null) {
            return !seen.add(name);
        }
        for (int i = 0; i < end; i += 2) {
            if (pairs.get(i).equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** A name as ElementTree writes it: {@code {uri}local}, or the local name alone in no namespace. */
    private static String expand(String name, Map<String, String> prefixes, String defaultNamespace) {
        int colon = name.indexOf(':');
        String namespace;
        if (colon < 0) {
            namespace = defaultNamespace;
        } else {
            String prefix = name.substring(0, colon);
            namespace = prefix.equals("xml") ? XML_NAMESPACE : prefixes.get(prefix);
            if (namespace == null) {
                throw DECLINED; // an unbound prefix, or xmlns on an element
            }
            name = name.substring(colon + 1);
        }
        return namespace == null ? name : "{" + namespace + "}" + name;
    }

    /** An attribute's value, references replaced and white space normalized as for CDATA (XML 1.0, 3.3.3). */
    private String attributeValue() {
        char quote = charAt(pos);
        if (quote != '"' && quote != '\'') {
            throw DECLINED;
        }
        pos++;
        int end = doc.indexOf(quote, pos);
        if (end < 0) {
            throw DECLINED;
        }
        int plain = pos;
        while (plain < end && "&<\n\t".indexOf(doc.charAt(plain)) < 0) {
            plain++;
        }
        if (plain == end) { // most values: copied once, as they are
            String value = doc.substring(pos, end);
            pos = end + 1;
            return value;
        }
        StringBuilder value = new StringBuilder();
        while (true) {
            char c = charAt(pos);
            if (c == quote) {
                pos++;
                return value.toString();
            } else if (c == '<') {
                throw DECLINED;
            } else if (c == '&') {
                reference(value);
            } else {
                value.append(c == '\n' || c == '\t' ? ' ' : c);
                pos++;
            }
        }
    }

    /** A character reference or one of the five predefined entities, at {@code &}. */
    private void reference(StringBuilder to) {
        int end = doc.indexOf(';', pos);
        if (end < 0 || end - pos > 12) {
            throw DECLINED;
        }
        String body = doc.substring(pos + 1, end);
        pos = end + 1;
        switch (body) {
            case "lt" -> to.append('<');
            case "gt" -> to.append('>');
            case "amp" -> to.append('&');
            case "apos" -> to.append('\'');
            case "quot" -> to.append('"');
            default -> to.appendCodePoint(characterReference(body));
        }
    }

    private static int characterReference(String body) {
        int radix = body.startsWith("#x") ? 16 : body.startsWith("#") ? 10 : 0;
        String digits = body.substring(radix == 16 ? 2 : 1);
        if (radix == 0 || digits.isEmpty() || digits.length() > 8) {
            throw DECLINED; // an entity of a DTD's, or none
        }
        int code = 0;
        for (int i = 0; i < digits.length(); i++) {
            int digit = Character.digit(digits.charAt(i), radix);
            if (digit < 0 || digits.charAt(i) > 'f') { // Character.digit takes non-ASCII digits too
                throw DECLINED;
            }
            code = code * radix + digit;
        }
        boolean legal = code == '\t' || code == '\n' || code == '\r' || code >= 0x20 && code <= 0xD7FF
                || code >= 0xE000 && code <= 0xFFFD || code >= 0x10000 && code <= 0x10FFFF;
        if (!legal) {
            throw DECLINED;
        }
        return code;
    }

    private void comment() {
        int end = doc.indexOf("--", pos + 4);
        if (end < 0 || !doc.startsWith("-->", end)) {
            throw DECLINED; // "--" inside a comment, or none closed
        }
        pos = end + 3;
    }

    private void processingInstruction() {
        pos += 2;
        String target = name();
        if (target.indexOf(':') >= 0 || target.equalsIgnoreCase("xml")) {
            throw DECLINED;
        }
        if (doc.startsWith("?>", pos)) {
            pos += 2;
            return;
        }
        if (!skipSpace()) {
            throw DECLINED;
        }
        int end = doc.indexOf("?>", pos);
        if (end < 0) {
            throw DECLINED;
        }
        pos = end + 2;
    }

    /** An ASCII name, with at most one colon between two non-empty parts. */
    private String name() {
        int begin = pos;
        ncName();
        if (charAt(pos) == ':') {
            pos++;
            ncName();
        }
        return doc.substring(begin, pos);
    }

    private void ncName() {
        if (!isNameStart(charAt(pos))) {
            throw DECLINED;
        }
        pos++;
        while (pos < doc.length() && isNameChar(doc.charAt(pos))) {
            pos++;
        }
    }

    private static boolean isNameStart(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_';
    }

    private static boolean isNameChar(char c) {
        return isNameStart(c) || c >= '0' && c <= '9' || c == '.' || c == '-';
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\n' || c == '\t' || c == '\r';
    }

    private boolean skipSpace() {
        int begin = pos;
        while (pos < doc.length() && isSpace(doc.charAt(pos))) {
            pos++;
        }
        return pos > begin;
    }

    private void expect(String text) {
        if (!doc.startsWith(text, pos)) {
            throw DECLINED;
        }
        pos += text.length();
    }

    /** The char at {@code at}; the document ending where more is due is declined. */
    private char charAt(int at) {
        if (at >= doc.length()) {
            throw DECLINED;
        }
        return doc.charAt(at);
    }

    private static boolean write(List<Node> nodes, MarshalWriter out) {
        int nodesAt = out.startList();
        boolean ok = true;
        for (Node node : nodes) {
            out.tuple(6);
            ok &= out.shared(node.tag);
            out.startDict();
            for (int i = 0; i < node.attributes.size(); i += 2) {
                ok &= out.shared(node.attributes.get(i)) && text(node.attributes.get(i + 1), out);
            }
            out.endDict();
            node.childrenRef = out.emptyListTarget();
            ok &= optional(node.text, out) && optional(node.tail, out);
            if (node.parent == null) {
                out.endList(out.startList(), 0); // the root's: the guest takes the root from it
            } else {
                out.reference(node.parent.childrenRef); // written before it: a parent starts before its children
            }
        }
        out.endList(nodesAt, nodes.size());
        return ok;
    }

    private static boolean optional(String text, MarshalWriter out) {
        if (text == null) {
            out.none();
            return true;
        }
        return text(text, out);
    }

    /**
     * Text and attribute values: short ones and white space (a pretty-printed document's tails) are stored once, each
     * string after that a reference; the guest's tree then holds one object where it held one per element, which its
     * collector copied again and again while the tree was young. The others are mostly unique.
     */
    private static boolean text(String text, MarshalWriter out) {
        return text.length() <= SHARED_LENGTH || text.isBlank() ? out.shared(text) : out.string(text);
    }
}
