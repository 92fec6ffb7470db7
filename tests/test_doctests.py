"""The examples in the package's docstrings run and give what they say."""

import doctest
import importlib
import pkgutil

import pytest

import explorer

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(explorer.__path__, "explorer.") if not m.name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
