"""Project database: models, engine, migrations, queries. The only layer that speaks SQL."""
