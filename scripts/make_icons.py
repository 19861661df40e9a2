"""Draw the app icons (run once; the PNGs are committed): python scripts/make_icons.py."""

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
GREEN, CREAM, RED = (20, 83, 45), (247, 245, 239), (185, 28, 28)
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def tile(size: int, *, maskable: bool) -> Image.Image:
    """Draw a mahjong-tile mark: a cream tile with a red centre dot on green."""
    img = Image.new("RGBA", (size, size), GREEN if maskable else (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    pad = size * (0.22 if maskable else 0.06)
    if not maskable:
        draw.rounded_rectangle([0, 0, size - 1, size - 1], radius=size * 0.2, fill=GREEN)
        pad = size * 0.16
    w = size - 2 * pad
    box = [pad + w * 0.14, pad, pad + w * 0.86, pad + w]
    draw.rounded_rectangle(box, radius=size * 0.06, fill=CREAM)
    font = ImageFont.truetype(FONT, int(w * 0.34))
    draw.text((size / 2, pad + w * 0.40), "ZJ", fill=GREEN, font=font, anchor="mm")
    r = w * 0.08
    cx, cy = size / 2, pad + w * 0.76
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=RED)
    return img


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    tile(192, maskable=False).save(OUT / "icon-192.png", optimize=True)
    tile(512, maskable=False).save(OUT / "icon-512.png", optimize=True)
    tile(512, maskable=True).save(OUT / "maskable-512.png", optimize=True)
