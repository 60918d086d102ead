"""Decision tables: printing them as text, playing seeded games with them, measuring and tuning them.

- `text`: a table's rules as the sentences printed on the bot card (and said by the referee);
- `work`: the work-dispatch seam: seeded games in chunks, on local processes;
- `measure`: the win-rate matrix of tables against reference bots, and solver agreement (Longhorn);
- `tune`: the search that computes a table (a (1+lambda) evolution strategy with racing);
- `store`: reading and writing table files with their headers.
"""
