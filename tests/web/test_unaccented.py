"""A list the browser searches itself (the ruling form's player datalist) also carries each
name without accents, so "Lucia" finds Lucía and "Zoe" finds Zoë (issue 27)."""

from judgeaid.main.views import unaccented


def test_names_lose_their_accents_only():
    assert unaccented("Lucía Fernández") == "Lucia Fernandez"
    assert unaccented("Zoë Ünal") == "Zoe Unal"
    assert unaccented("Müller") == "Muller"
    assert unaccented("王芳") == "王芳"
