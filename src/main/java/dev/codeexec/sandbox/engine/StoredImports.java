package dev.codeexec.sandbox.engine;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ExecutionException;

/**
 * Library modules agents import beyond the spares' preload ({@link SparePreload}), imported once by the worker that
 * records the ahead-of-time cache so that their compiled code is stored with it ({@link ModuleCodeFile}). They are
 * not kept in spares, which would cost every worker their heap; a worker's first import of one then loads its code
 * instead of compiling it (`bench/first_imports.py`: {@code asyncio} 3.2 s, {@code zipfile} 1.3 s,
 * {@code statistics} 0.7 s in a warm worker's first import, docs/benchmarks.md).
 */
final class StoredImports {

    /** Standard-library modules, then the packages the build installs by default; any that fails to import is skipped. */
    static final List<String> MODULES = List.of("asyncio", "dataclasses", "typing", "statistics", "pathlib", "decimal",
            "fractions", "random", "zipfile", "tarfile", "gzip", "textwrap", "string", "hashlib", "hmac", "secrets",
            "base64", "uuid", "urllib.parse", "html", "html.parser", "difflib", "pprint", "heapq", "bisect", "copy",
            "enum", "operator", "contextlib", "tempfile", "shutil", "glob", "fnmatch", "logging", "inspect", "argparse",
            "configparser", "tomllib", "xml.dom.minidom", "concurrent.futures", "queue", "threading", "pickle",
            "struct", "calendar", "zoneinfo", "yaml", "jinja2");

    /**
     * On absolute paths alone, as the preload: the recording interpreter's workspace holds nothing, but no module of
     * a working directory belongs in the stored file. Each module by itself, so one missing does not stop the rest.
     * Without {@code ssl}, which asyncio imports only if it can and the sandbox has no network for: it loads Java's
     * TLS classes, which would go into the cache every worker maps (4 MB of its growth, docs/benchmarks.md).
     */
    private static final String SOURCE = "import sys, os, importlib\n"
            + "sys.path[:] = [p for p in sys.path if p and os.path.isabs(p)]\n"
            + "class NoSsl:\n"
            + "    def find_spec(self, name, path=None, target=None):\n"
            + "        if name in ('ssl', '_ssl'):\n"
            + "            raise ImportError(name)\n"
            + "sys.meta_path.insert(0, NoSsl())\n"
            + "for name in " + MODULES.stream().map(m -> "'" + m + "'").toList() + ":\n"
            + "    try:\n"
            + "        importlib.import_module(name)\n"
            + "    except ImportError:\n"
            + "        pass\n"
            + "print('imported')\n";

    /** Imports every module in {@code interpreter}, a throwaway one that runs no caller's code. */
    void importAll(PythonInterpreter interpreter) throws InterruptedException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            PythonInterpreter.Finish done = interpreter.start(SOURCE, new byte[0], "", out,
                    OutputStream.nullOutputStream(), false, false).get();
            if (done.exitCode() != 0 || !out.toString(StandardCharsets.UTF_8).equals("imported\n")) {
                throw new IllegalStateException("the stored imports did not finish (exit status " + done.exitCode()
                        + ")");
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("the stored imports failed: " + e.getCause(), e.getCause());
        }
    }
}
