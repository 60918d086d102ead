"""The terminal referee: play any game of the engine contract against bots, save, resume, replay."""
