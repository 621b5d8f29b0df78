"""The app's frame: language, sidebar, navigation helpers, the browser store."""
