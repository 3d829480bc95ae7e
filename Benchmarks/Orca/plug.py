# A GTK plug for orca-speech.sh: a button and a label, embedded in the pane whose window id
# is the first argument (XEmbed), its accessible tree reached through the pane.
import sys
import gi
gi.require_version('Gtk', '3.0')
from gi.repository import Gtk
plug = Gtk.Plug.new(int(sys.argv[1], 0))
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
box.add(Gtk.Button(label='Plug button'))
box.add(Gtk.Label(label='A plug of GTK'))
plug.add(box)
plug.connect('destroy', Gtk.main_quit)
plug.show_all()
Gtk.main()
