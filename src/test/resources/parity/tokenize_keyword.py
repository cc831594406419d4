import tokenize, io, keyword, token
src = "x = 3.5 * (y + 1)  # note\nif x:\n    print('hi', f'{x}')\n"
for tok in tokenize.generate_tokens(io.StringIO(src).readline):
    print(token.tok_name[tok.type], repr(tok.string), tok.start, tok.end)
print(keyword.iskeyword("match"), keyword.issoftkeyword("match"), keyword.issoftkeyword("type"), keyword.iskeyword("None"), len(keyword.kwlist), keyword.softkwlist)
print([t.string for t in tokenize.tokenize(io.BytesIO(b"a+=1\n").readline)][:5])
print(tokenize.untokenize([(token.NAME, "a"), (token.OP, "="), (token.NUMBER, "1")]))
print(token.EXACT_TOKEN_TYPES["**="] == token.DOUBLESTAREQUAL, token.ISTERMINAL(token.NAME), token.tok_name[token.OP])
