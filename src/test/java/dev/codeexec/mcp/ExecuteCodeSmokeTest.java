package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.quarkiverse.mcp.server.test.McpAssured;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
class ExecuteCodeSmokeTest {

    @Test
    void printsSum() {
        var client = McpAssured.newConnectedStreamableClient();
        client.when().thenAssertResults();
        client.when().toolsCall("execute_code", Map.of("code", "print(1+1)"), r -> {
                    System.err.println("RESULT " + r);
                    assertFalse(r.isError());
                }).thenAssertResults();
        client.when().toolsCall("execute_code", Map.of("code", "import os\nprint(os.getcwd(), os.listdir('.'))\nprint(open('/etc/passwd').read())"), r -> System.err.println("RESULT " + r)).thenAssertResults();
        client.when().toolsCall("execute_code", Map.of("code", "1/0"), r -> System.err.println("RESULT " + r)).thenAssertResults();
        client.when().toolsCall("execute_code", Map.of("code", "import sys; sys.exit(3)"), r -> System.err.println("RESULT " + r)).thenAssertResults();
        client.when().toolsCall("execute_code", Map.of("code", "import os; os._exit(4)"), r -> System.err.println("RESULT " + r)).thenAssertResults();
        client.when().toolsCall("execute_code", Map.of("code", "import os; print(dict(os.environ)); import socket"), r -> System.err.println("RESULT " + r)).thenAssertResults();
        client.when().toolsCall("execute_code", Map.of("code", "while True: pass", "timeout_s", 2), r -> System.err.println("RESULT " + r)).thenAssertResults();
        client.when().toolsCall("execute_code", Map.of("code", ""), r -> System.err.println("RESULT " + r)).thenAssertResults();
        client.when().toolsCall("execute_code", Map.of("code", "x", "timeout_s", "abc"), r -> System.err.println("RESULT " + r))
                .thenAssertResults();
        client.when().toolsList(p -> System.err.println("TOOLS " + p.tools())).thenAssertResults();
    }
}
