"""Games at scale: ``simulate`` plays matches (on processes or a Dask ``cluster``), ``stats``
and ``summary_text`` sum them up, ``facts`` names what a deal's result holds, ``datafile``
writes Parquet or CSV rows and ``report`` an HTML page of them, ``records`` writes and
replays a match action by action."""
