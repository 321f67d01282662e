import CLibical
