package dev.codeexec.mcp;

import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.ExecutionView;
import dev.codeexec.sandbox.ProducedFile;
import dev.codeexec.sandbox.RunReport;
import io.quarkiverse.mcp.server.Content;
import io.quarkiverse.mcp.server.ResourceLink;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolResponse;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Workspace files as MCP resources: {@code workspace:///<path>} with the workspace-relative path as one URI segment
 * (RFC 6570 simple expansion of the template's {@code {path}}: '/' travels as %2F), and the resource links that
 * execute_code adds to its answer for the files a run spilled to or produced.
 */
final class ResourceLinks {

    static final String SCHEME = "workspace:///";
    static final String TEMPLATE = SCHEME + "{path}";

    private ResourceLinks() {
    }

    static String uri(String path) {
        return SCHEME + URLEncoder.encode(path, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** The path a template argument names: percent-decoded, '+' kept literal. */
    static String path(String argument) {
        return URLDecoder.decode(argument.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    /** The response with a link to every file its structured answer names (spilled output first). */
    static ToolResponse add(ToolResponse response) {
        return add(response, response.structuredContent());
    }

    /** The response with a link to every file {@code answer} names; the same response when none (or an error). */
    static ToolResponse add(ToolResponse response, Object answer) {
        List<ResourceLink> links = new ArrayList<>();
        TextContent more = null;
        if (response.isError()) {
            return response;
        }
        if (answer instanceof ExecutionResult result) {
            RunReport report = result.reportOrEmpty();
            report.spills().forEach(spill -> links.add(link(spill, typeOf(spill),
                    wholeStream(spill.path(), result.stderrFile()))));
            report.files().forEach(file -> links.add(link(file, null, "Written by the run")));
            if (report.filesNotListed() > 0) {
                more = new TextContent("The run wrote " + (report.moreNotCounted() ? "at least " : "")
                        + report.filesNotListed() + " more files than the " + report.files().size()
                        + " linked; list_workspace_files shows them.");
            }
        } else if (answer instanceof ExecutionView view) {
            for (String file : new String[] {view.stdoutFile(), view.stderrFile()}) {
                if (file != null) {
                    String type = view.spills() == null ? ProducedFile.TEXT : view.spills().stream()
                            .filter(spill -> spill.path().equals(file)).findFirst().map(ResourceLinks::typeOf)
                            .orElse(ProducedFile.TEXT);
                    links.add(new ResourceLink(uri(file), type, file, null, wholeStream(file, view.stderrFile()),
                            null, null, null));
                }
            }
        }
        if (links.isEmpty()) {
            return response;
        }
        List<Content> content = new ArrayList<>(response.content());
        content.addAll(links);
        if (more != null) {
            content.add(more);
        }
        return new ToolResponse(response.isError(), content, response.structuredContent(), response._meta());
    }

    /** A spill's type as the workspace serves it: text, or a blob for output that is not UTF-8. */
    private static String typeOf(ProducedFile spill) {
        return spill.mimeType() == null ? ProducedFile.TEXT : spill.mimeType();
    }

    /** Which stream a spill file holds all of, told apart by the result's stderr file. */
    private static String wholeStream(String file, String stderrFile) {
        return file.equals(stderrFile) ? "Whole stderr of the run" : "Whole stdout of the run";
    }

    /** A link to a file of the run; {@code mimeType} null when the run wrote the file and its type is unknown. */
    private static ResourceLink link(ProducedFile file, String mimeType, String description) {
        return new ResourceLink(uri(file.path()), mimeType, file.path(), null, description,
                (int) Math.min(Integer.MAX_VALUE, file.bytes()), null, null);
    }
}
