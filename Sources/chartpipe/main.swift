import ChartpipeCore
print("chartpipe")
