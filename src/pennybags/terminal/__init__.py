"""The terminal front: play in a terminal, with a board view and numbered menus."""
