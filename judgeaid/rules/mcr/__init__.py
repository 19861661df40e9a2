"""MCR, the Mahjong Competition Rules (Chinese Official): 81 fans, an 8-point minimum."""
