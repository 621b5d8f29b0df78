"""The app's catalogues (one per group of pages) are kept in step with the pages' code."""

from __future__ import annotations

import pytest

from explorer import i18n_tools


@pytest.mark.parametrize("domain", list(i18n_tools.UI_DOMAINS))
def test_each_pages_catalogue_template_is_up_to_date_with_the_code(domain):
    path = i18n_tools.pot_path(domain)
    assert path.is_file(), f"run: python -m explorer.i18n_tools extract ({path.name} is missing)"
    now = i18n_tools.msgids(i18n_tools.extract(domain))
    committed = i18n_tools.msgids(path.read_bytes())
    assert now == committed, (f"{path.name} is stale: missing {sorted(now - committed, key=str)[:5]}, "
                              f"gone {sorted(committed - now, key=str)[:5]}; run python -m explorer.i18n_tools extract")


def test_every_pages_file_belongs_to_exactly_one_catalogue():
    root = i18n_tools.ROOT
    owned: dict[str, str] = {}
    for domain, patterns in i18n_tools.UI_DOMAINS.items():
        for rel in {f.relative_to(root).as_posix() for pattern in patterns for f in root.glob(pattern)}:
            assert rel not in owned, f"{rel} is in {owned[rel]} and {domain}"
            owned[rel] = domain
    files = [p.relative_to(root).as_posix() for folder in ("app_pages", "ui")
             for p in (root / "explorer" / folder).glob("*.py") if p.name != "__init__.py"]
    missing = [f for f in [*files, "explorer/app.py"] if f not in owned]
    assert not missing, f"files with no catalogue (add them to i18n_tools.UI_DOMAINS): {missing}"


@pytest.mark.parametrize("po", sorted((i18n_tools.LOCALE / "ar" / "LC_MESSAGES").glob("ui-*.po")), ids=lambda p: p.stem)
def test_every_text_of_an_arabic_pages_catalogue_is_translated_and_not_fuzzy(po):
    from babel.messages.pofile import read_po

    template = i18n_tools.msgids(i18n_tools.pot_path(po.stem).read_bytes())
    catalog = read_po(po.open("rb"), locale="ar")
    done = {(m.context, m.id) for m in catalog if m.id and not m.fuzzy and
            (all(m.string) if isinstance(m.string, tuple) else m.string)}
    missing = sorted(template - done, key=str)
    assert not missing, f"{po.name}: {len(missing)} texts untranslated or fuzzy (pybabel update, then translate): {missing[:5]}"


def test_a_text_in_two_arabic_catalogues_has_one_translation():
    """Every catalogue of a language is read as one chain (the first that has a text wins), so a text
    that two catalogues translate differently would read one way or the other by the order of the files."""
    from babel.messages.pofile import read_po

    seen: dict[tuple, tuple[str, str]] = {}
    clashes = []
    for po in sorted((i18n_tools.LOCALE / "ar" / "LC_MESSAGES").glob("*.po")):
        for m in read_po(po.open("rb"), locale="ar"):
            if not m.id or not m.string or m.fuzzy:
                continue
            key = (m.context, m.id)
            if key in seen and seen[key][1] != m.string:
                clashes.append(f"{m.id!r}: {seen[key][0]} {seen[key][1]!r} / {po.name} {m.string!r}")
            seen.setdefault(key, (po.name, m.string))
    assert not clashes, f"{len(clashes)} texts translated two ways:\n" + "\n".join(clashes)
