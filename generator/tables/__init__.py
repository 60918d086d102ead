"""Decision tables: printing them as text, playing seeded games with them, measuring and tuning them.

- `text`: a table's rules as the sentences printed on the bot card (and said by the referee);
- `chart`: the win-rate matrix drawn as a chart (eval's --plot, the solo how-to page);
- `measure`: the win-rate matrix of tables against reference bots, and solver agreement (Longhorn);
- `bound`: what a perfect endgame would add to a Longhorn table (the exact solver from N groups on);
- `tune`: the search that computes a table (a (1+lambda) evolution strategy with racing);
- `store`: reading and writing table files with their headers.
"""
