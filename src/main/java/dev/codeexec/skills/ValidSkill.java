package dev.codeexec.skills;

import java.util.List;

/** A draft that passed every rule, ready to be stored; parameters already serialized to JSON text. */
record ValidSkill(String name, String description, String code, List<String> tags, String parametersJson,
        String savedBy) {
}
