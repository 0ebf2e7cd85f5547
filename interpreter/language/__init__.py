"""The rule language: a rule file read as YAML with positions (``source``), checked against
the schema (``schema_check``, remembered by ``schema_memo``), its variants merged
(``variants``), its rule strings parsed into frozen nodes (``syntax``, ``grammar.lark``,
``nodes``) and compiled section by section (``compile`` and ``compile_*``, with
``expressions``) into an engine's ``Game``. ``rule_files`` puts it together: ``load``.
"""
